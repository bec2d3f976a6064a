//! What every error type of the engine is besides its own `Display`.

/// Makes each named type a `std::error::Error`, and lets callers that report
/// errors as text take it with `?` into a `String`: its `Display` text.
macro_rules! text_errors {
    ($($error:ty),+ $(,)?) => {$(
        impl std::error::Error for $error {}

        impl From<$error> for String {
            fn from(e: $error) -> String {
                e.to_string()
            }
        }
    )+};
}
pub(crate) use text_errors;
