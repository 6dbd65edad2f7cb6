//! The numeric, bit, hashing and network functions of the manual's "Mathematical Functions",
//! "Bit Functions and Operators", "Encryption and Compression Functions" and "Miscellaneous
//! Functions" lists that the core of `functions.rs` does not hold: trigonometry (SIN ... COT,
//! DEGREES, RADIANS), BIT_COUNT, CRC32, MD5, SHA1 / SHA, SHA2, INET_ATON, INET_NTOA, IS_IPV4,
//! IS_IPV6 and ANY_VALUE.
//!
//! Doubles come from `libm`, which gives the same bits on every target (native and wasm).

use super::{arity, Builtin};
use crate::error::{MySqlError, Result};
use crate::storage::value::{format_double, Value};

/// Evaluates `f` if it is one of this module's functions.
pub(super) fn call(f: Builtin, args: &[&Value]) -> Option<Result<Value>> {
    use Builtin as B;
    let name = f.name();
    let n = args.len();
    let checked = |min: usize, max: usize| arity(name, n, min, max);
    let result = || -> Result<Option<Value>> {
        Ok(Some(match f {
            B::Sin | B::Cos | B::Tan | B::Asin | B::Acos | B::Cot | B::Degrees | B::Radians => {
                checked(1, 1)?;
                let Some(x) = args[0].to_f64() else { return Ok(Some(Value::Null)) };
                let r = match f {
                    B::Sin => libm::sin(x),
                    B::Cos => libm::cos(x),
                    B::Tan => libm::tan(x),
                    B::Asin if (-1.0..=1.0).contains(&x) => libm::asin(x),
                    B::Acos if (-1.0..=1.0).contains(&x) => libm::acos(x),
                    B::Asin | B::Acos => return Ok(Some(Value::Null)),
                    B::Degrees => x * (180.0 / std::f64::consts::PI),
                    B::Radians => x * (std::f64::consts::PI / 180.0),
                    _ => {
                        let t = libm::tan(x);
                        if t == 0.0 {
                            // COT(0) is infinite: Item_func_cot raises 1690 on it.
                            return Err(MySqlError::out_of_range(
                                "DOUBLE",
                                &format!("cot({})", format_double(x)),
                            ));
                        }
                        1.0 / t
                    }
                };
                Value::Double(r)
            }
            B::Atan | B::Atan2 => {
                checked(if f == B::Atan2 { 2 } else { 1 }, 2)?;
                if args.iter().any(|v| v.is_null()) {
                    return Ok(Some(Value::Null));
                }
                let y = args[0].to_f64().unwrap_or(0.0);
                Value::Double(match args.get(1) {
                    Some(x) => libm::atan2(y, x.to_f64().unwrap_or(0.0)),
                    None => libm::atan(y),
                })
            }
            B::BitCount => {
                checked(1, 1)?;
                super::strings::integer_bits(args[0])
                    .map_or(Value::Null, |u| Value::Int(i64::from(u.count_ones())))
            }
            B::Crc32 => {
                checked(1, 1)?;
                args[0]
                    .to_text()
                    .map_or(Value::Null, |s| Value::UInt(u64::from(crc32fast::hash(s.as_bytes()))))
            }
            B::Md5 | B::Sha | B::Sha1 => {
                checked(1, 1)?;
                let Some(s) = args[0].to_text() else { return Ok(Some(Value::Null)) };
                Value::Str(if f == B::Md5 {
                    use md5::Digest as _;
                    hex(&md5::Md5::digest(s.as_bytes()))
                } else {
                    use sha1::Digest as _;
                    hex(&sha1::Sha1::digest(s.as_bytes()))
                })
            }
            B::Sha2 => {
                checked(2, 2)?;
                let (Some(s), Some(bits)) = (args[0].to_text(), args[1].to_i64()) else {
                    return Ok(Some(Value::Null));
                };
                use sha2::Digest as _;
                let b = s.as_bytes();
                match bits {
                    224 => Value::Str(hex(&sha2::Sha224::digest(b))),
                    0 | 256 => Value::Str(hex(&sha2::Sha256::digest(b))),
                    384 => Value::Str(hex(&sha2::Sha384::digest(b))),
                    512 => Value::Str(hex(&sha2::Sha512::digest(b))),
                    // MySQL warns (1108-style) and answers NULL for any other length.
                    _ => Value::Null,
                }
            }
            B::InetAton => {
                checked(1, 1)?;
                args[0].to_text().and_then(|s| inet_aton(&s)).map_or(Value::Null, Value::UInt)
            }
            B::InetNtoa => {
                checked(1, 1)?;
                match args[0] {
                    Value::Null => Value::Null,
                    v => match v.to_i64() {
                        Some(i) if (0..=i64::from(u32::MAX)).contains(&i) => {
                            Value::Str(std::net::Ipv4Addr::from(i as u32).to_string())
                        }
                        _ => Value::Null,
                    },
                }
            }
            B::IsIpv4 | B::IsIpv6 => {
                checked(1, 1)?;
                let ok = args[0].to_text().is_some_and(|s| {
                    if f == B::IsIpv4 {
                        s.parse::<std::net::Ipv4Addr>().is_ok()
                    } else {
                        s.parse::<std::net::Ipv6Addr>().is_ok()
                    }
                });
                Value::Int(i64::from(ok))
            }
            B::AnyValue => {
                checked(1, 1)?;
                args[0].clone()
            }
            _ => return Ok(None),
        }))
    };
    result().transpose()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// INET_ATON: a dotted address of one to four parts, the last part filling the bytes the
/// others leave ('127.1' is 127.0.0.1, as inet_aton reads it); None when not an address.
fn inet_aton(s: &str) -> Option<u64> {
    let parts: Vec<&str> = s.split('.').collect();
    if parts.len() > 4
        || parts.iter().any(|p| p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    let numbers: Vec<u64> = parts.iter().map(|p| p.parse::<u64>().ok()).collect::<Option<_>>()?;
    if numbers.iter().any(|&v| v > 255) {
        return None;
    }
    let (last, rest) = numbers.split_last()?;
    let mut value = 0u64;
    for v in rest {
        value = value << 8 | v;
    }
    // The last part fills the bytes the others leave: shift the others past them.
    Some(value << (8 * (5 - numbers.len())) | last)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(f: Builtin, args: &[Value]) -> Value {
        let refs: Vec<&Value> = args.iter().collect();
        call(f, &refs).unwrap().unwrap()
    }

    #[test]
    fn the_manuals_examples() {
        let s = |x: &str| Value::Str(x.into());
        assert_eq!(run(Builtin::Crc32, &[s("MySQL")]), Value::UInt(3_259_397_556));
        assert_eq!(run(Builtin::Md5, &[s("testing")]), s("ae2b1fca515949e5d54fb22b8ed95575"));
        assert_eq!(run(Builtin::Sha1, &[s("abc")]), s("a9993e364706816aba3e25717850c26c9cd0d89d"));
        assert_eq!(
            run(Builtin::Sha2, &[s("abc"), Value::Int(224)]),
            s("23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7")
        );
        assert_eq!(run(Builtin::BitCount, &[Value::Int(29)]), Value::Int(4));
        assert_eq!(run(Builtin::InetAton, &[s("10.0.5.9")]), Value::UInt(167_773_449));
        assert_eq!(run(Builtin::InetAton, &[s("127.1")]), Value::UInt(2_130_706_433));
        assert_eq!(run(Builtin::InetNtoa, &[Value::Int(167_773_449)]), s("10.0.5.9"));
        assert_eq!(
            run(Builtin::Degrees, &[Value::Double(std::f64::consts::PI)]),
            Value::Double(180.0)
        );
        assert_eq!(run(Builtin::Acos, &[Value::Int(2)]), Value::Null);
        assert!(call(Builtin::Cot, &[&Value::Int(0)]).unwrap().is_err());
    }
}
