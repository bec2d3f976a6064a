//! Account names that cannot pass for one another: a name is kept in its
//! NFKC form (`ｄｅｍｏ` and `𝐝𝐞𝐦𝐨` are `demo`), and refused when its
//! confusable skeleton (Unicode TR39: `аnn` with a Cyrillic а, `dеmo` with
//! a Cyrillic е, `ann296l` beside `ann2961`), whatever its case, is that of
//! a name taken or reserved. The skeleton is kept beside the name
//! (`users.skeleton`, unique).

use crate::error::Result;
use sqlx::{AnyPool, Row};
use unicode_normalization::UnicodeNormalization;
use unicode_security::confusable_detection::skeleton as tr39_skeleton;

/// The form a name is kept, compared and looked up in: NFKC.
pub fn normal(name: &str) -> String {
    name.trim().nfkc().collect()
}

/// What two names that look alike share: the TR39 skeleton of the name in
/// lower case, in lower case.
pub fn skeleton(name: &str) -> String {
    let lower = normal(name).to_lowercase();
    tr39_skeleton(&lower).collect::<String>().to_lowercase()
}

/// Whether `name` looks like `other`.
pub fn look_alike(name: &str, other: &str) -> bool {
    skeleton(name) == skeleton(other)
}

/// Fills in the skeletons of the accounts made before they were kept
/// (at start-up). An account that looks like an earlier one keeps its
/// name and no skeleton.
pub async fn fill_in(db: &AnyPool) -> Result<()> {
    let rows = sqlx::query("SELECT id, name FROM users WHERE skeleton IS NULL ORDER BY id").fetch_all(db).await?;
    for row in rows {
        let (id, name): (i64, String) = (row.try_get(0)?, row.try_get(1)?);
        let taken = sqlx::query("SELECT 1 FROM users WHERE skeleton = $1")
            .bind(skeleton(&name))
            .fetch_optional(db)
            .await?
            .is_some();
        if !taken {
            // Another process filling them in at the same time may have
            // taken it meanwhile: the unique index then refuses, harmlessly.
            let _ = sqlx::query("UPDATE users SET skeleton = $1 WHERE id = $2 AND skeleton IS NULL")
                .bind(skeleton(&name))
                .bind(id)
                .execute(db)
                .await;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{look_alike, normal};

    #[test]
    fn look_alikes_are_found() {
        assert_eq!(normal("ｄｅｍｏ"), "demo");
        assert_eq!(normal("𝐝𝐞𝐦𝐨"), "demo");
        for name in ["demo", "DEMO", "dеmo", "ｄｅｍｏ", "𝐝𝐞𝐦𝐨"] {
            assert!(look_alike(name, "demo"), "{name}");
        }
        assert!(look_alike("аnn2961", "ann2961"));
        assert!(!look_alike("ann", "anna"));
        assert!(!look_alike("bob", "rob"));
    }
}
