//! The client's address for the rate limits: the connecting address, or,
//! behind a trusted reverse proxy (`--trust-forwarded-for`), the last
//! address of `X-Forwarded-For`, the one that proxy appended (the earlier
//! ones came from the client and may be forged).

use axum::http::HeaderMap;
use std::net::IpAddr;

/// The address that `peer` (the connecting address, if known) stands for:
/// with `trust`, the last `X-Forwarded-For` address when it is one (else
/// the peer's own).
pub fn client_ip(headers: &HeaderMap, peer: Option<IpAddr>, trust: bool) -> String {
    let forwarded = if trust { last_forwarded(headers) } else { None };
    forwarded.or(peer).map_or_else(|| "local".to_string(), |ip| ip.to_string())
}

/// The last address of the last `X-Forwarded-For` header (several headers
/// read as one list, in order).
fn last_forwarded(headers: &HeaderMap) -> Option<IpAddr> {
    headers.get_all("x-forwarded-for").iter().next_back()?.to_str().ok()?.rsplit(',').next()?.trim().parse().ok()
}

#[cfg(test)]
mod tests {
    use super::client_ip;
    use axum::http::HeaderMap;
    use std::net::IpAddr;

    fn headers(values: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in values {
            h.append("x-forwarded-for", v.parse().unwrap());
        }
        h
    }

    const PROXY: Option<IpAddr> = Some(IpAddr::V4(std::net::Ipv4Addr::LOCALHOST));

    #[test]
    fn the_header_counts_only_when_trusted() {
        let h = headers(&["203.0.113.7"]);
        assert_eq!(client_ip(&h, PROXY, false), "127.0.0.1");
        assert_eq!(client_ip(&h, PROXY, true), "203.0.113.7");
        assert_eq!(client_ip(&h, None, false), "local");
    }

    #[test]
    fn the_last_address_is_the_proxys_own_word() {
        // The client sent `1.1.1.1, 2.2.2.2`; the proxy appended what it saw.
        assert_eq!(client_ip(&headers(&["1.1.1.1, 2.2.2.2, 203.0.113.7"]), PROXY, true), "203.0.113.7");
        assert_eq!(client_ip(&headers(&["1.1.1.1", "2001:db8::1"]), PROXY, true), "2001:db8::1");
    }

    #[test]
    fn no_address_or_a_bad_one_leaves_the_peer() {
        assert_eq!(client_ip(&HeaderMap::new(), PROXY, true), "127.0.0.1");
        assert_eq!(client_ip(&headers(&["203.0.113.7, unknown"]), PROXY, true), "127.0.0.1");
        assert_eq!(client_ip(&headers(&[""]), PROXY, true), "127.0.0.1");
    }
}
