//! The files kbench writes for a producer slice (docs/drivers.md#values-file): values and key index files.

use std::fs;

/// Bounds a values or index file: kbench writes at most 32 MiB of values per thread.
const MAX_FILE_BYTES: u64 = 256 << 20;

fn read_bounded(path: &str) -> Result<Vec<u8>, String> {
    let meta = fs::metadata(path).map_err(|e| e.to_string())?;
    if meta.len() > MAX_FILE_BYTES {
        return Err(format!("{} bytes, more than {MAX_FILE_BYTES}", meta.len()));
    }
    fs::read(path).map_err(|e| e.to_string())
}

fn u32_at(b: &[u8], at: usize) -> Option<usize> {
    b.get(at..at + 4)
        .map(|s| u32::from_be_bytes([s[0], s[1], s[2], s[3]]) as usize)
}

/// A values file: `u32 n`, then n times (`u32 length`, bytes), big-endian.
pub fn read_values(path: &str) -> Result<Vec<Vec<u8>>, String> {
    parse_values(&read_bounded(path)?)
}

pub fn parse_values(b: &[u8]) -> Result<Vec<Vec<u8>>, String> {
    let n = u32_at(b, 0).ok_or("shorter than its count")?;
    if !(1..=b.len()).contains(&n) {
        return Err(format!("{n} values"));
    }
    let mut values = Vec::with_capacity(n);
    let mut at = 4;
    for i in 0..n {
        let length = u32_at(b, at).ok_or_else(|| format!("cut off at value {i} of {n}"))?;
        at += 4;
        if length > b.len() - at {
            return Err(format!("value {i} of {length} bytes runs past the end"));
        }
        values.push(b[at..at + length].to_vec());
        at += length;
    }
    if at != b.len() {
        return Err(format!("{} bytes after value {n}", b.len() - at));
    }
    Ok(values)
}

/// A key index file: `u32 n`, then n times `u32`, a key number below `count`.
pub fn read_indices(path: &str, count: usize) -> Result<Vec<u32>, String> {
    parse_indices(&read_bounded(path)?, count)
}

pub fn parse_indices(b: &[u8], count: usize) -> Result<Vec<u32>, String> {
    let n = u32_at(b, 0).ok_or("not u32 n then n key indexes")?;
    if n == 0 || b.len() != 4 + 4 * n {
        return Err("not u32 n then n key indexes".to_string());
    }
    (0..n)
        .map(|i| {
            let k = u32_at(b, 4 + 4 * i).unwrap_or(usize::MAX);
            if k >= count {
                Err(format!(
                    "key index {k} at position {i} is not below the key count {count}"
                ))
            } else {
                Ok(k as u32)
            }
        })
        .collect()
}

/// Key number i as the Java side writes it: the ASCII bytes of `key-i`.
pub fn key_bytes(count: usize) -> Vec<Vec<u8>> {
    (0..count).map(|i| format!("key-{i}").into_bytes()).collect()
}
