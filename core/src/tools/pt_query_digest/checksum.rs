//! The Query ID: `Transformers::make_checksum`, the MD5 of the fingerprint in 32 upper-case hex
//! digits (since percona-toolkit 3.0.11; older reports show the last 16 only). The profile and
//! the report print it behind `0x`.

use md5::{Digest, Md5};

/// `uc(md5_hex(fingerprint))`.
pub fn checksum(fingerprint: &str) -> String {
    let digest = Md5::digest(fingerprint.as_bytes());
    digest.iter().map(|b| format!("{b:02X}")).collect()
}

#[cfg(test)]
mod tests {
    use super::checksum;

    #[test]
    fn the_specs_query_ids() {
        assert_eq!(
            checksum("select name, password from user where id=?"),
            "E8DF4439BCC1309241A41B660DDD2F37"
        );
        assert_eq!(
            checksum("select c from sbtest? where id=?"),
            "E81D0B3DB4FB31BC558CAEF5F387E929"
        );
        // Computed by the real tool (percona-toolkit 3.2.1).
        assert_eq!(
            checksum("select * from d?table? where a?=? and x=?deadbeef and y in(?+) and z=?e?"),
            "ECEDDF016A21C07B590A1EF9888F0D91"
        );
    }
}
