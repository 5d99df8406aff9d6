//! Strict reading of the contract's JSON objects: every key known, every required key present, every value of its
//! type. A refusal is one line naming the field and the value (docs/drivers.md: "strict on both sides").

use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::fmt;

/// A slice or line the driver will not run: one line naming the field and the value (exit 2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal(pub String);

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refusal {}

/// `field = value: why`, the contract's form of a refusal.
pub fn refuse(field: &str, value: impl fmt::Display, why: &str) -> Refusal {
    Refusal(format!("{field} = {value}: {why}"))
}

/// A JSON value as a refusal shows it: short, on one line.
pub fn shown(value: &Value) -> String {
    let text = value.to_string();
    if text.chars().count() > 80 {
        let cut: String = text.chars().take(80).collect();
        format!("{cut}...")
    } else {
        text
    }
}

/// One JSON object being read: its path for messages (`slice.producers`) and its keys.
pub struct Obj<'a> {
    path: String,
    map: &'a Map<String, Value>,
}

impl<'a> Obj<'a> {
    /// `value` as an object whose keys are all in `allowed`.
    pub fn new(path: &str, value: &'a Value, allowed: &[&str]) -> Result<Obj<'a>, Refusal> {
        let map = value
            .as_object()
            .ok_or_else(|| refuse(path, shown(value), "must be a JSON object"))?;
        if let Some(unknown) = map.keys().find(|k| !allowed.contains(&k.as_str())) {
            return Err(refuse(
                &format!("{path}.{unknown}"),
                shown(&map[unknown]),
                "unknown field",
            ));
        }
        Ok(Obj {
            path: path.to_string(),
            map,
        })
    }

    fn field(&self, key: &str) -> String {
        format!("{}.{}", self.path, key)
    }

    /// The value of `key`, or None when it is absent or null.
    fn get(&self, key: &str) -> Option<&'a Value> {
        self.map.get(key).filter(|v| !v.is_null())
    }

    fn required(&self, key: &str) -> Result<&'a Value, Refusal> {
        self.get(key)
            .ok_or_else(|| refuse(&self.field(key), "missing", "required"))
    }

    pub fn i64(&self, key: &str) -> Result<i64, Refusal> {
        let v = self.required(key)?;
        v.as_i64()
            .ok_or_else(|| refuse(&self.field(key), shown(v), "must be a whole number"))
    }

    pub fn opt_i64(&self, key: &str) -> Result<Option<i64>, Refusal> {
        match self.get(key) {
            None => Ok(None),
            Some(_) => self.i64(key).map(Some),
        }
    }

    /// A whole number in `lo..=hi`.
    pub fn int_in(&self, key: &str, lo: i64, hi: i64) -> Result<i64, Refusal> {
        let n = self.i64(key)?;
        if !(lo..=hi).contains(&n) {
            return Err(refuse(&self.field(key), n, &format!("must be from {lo} to {hi}")));
        }
        Ok(n)
    }

    pub fn f64(&self, key: &str) -> Result<f64, Refusal> {
        let v = self.required(key)?;
        v.as_f64()
            .ok_or_else(|| refuse(&self.field(key), shown(v), "must be a number"))
    }

    pub fn bool(&self, key: &str) -> Result<bool, Refusal> {
        let v = self.required(key)?;
        v.as_bool()
            .ok_or_else(|| refuse(&self.field(key), shown(v), "must be true or false"))
    }

    pub fn str(&self, key: &str) -> Result<String, Refusal> {
        let v = self.required(key)?;
        v.as_str()
            .map(str::to_string)
            .ok_or_else(|| refuse(&self.field(key), shown(v), "must be a string"))
    }

    pub fn opt_str(&self, key: &str) -> Result<Option<String>, Refusal> {
        match self.get(key) {
            None => Ok(None),
            Some(_) => self.str(key).map(Some),
        }
    }

    /// A nested object, or None when absent or null.
    pub fn opt_obj(&self, key: &str, allowed: &[&str]) -> Result<Option<Obj<'a>>, Refusal> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => Obj::new(&self.field(key), v, allowed).map(Some),
        }
    }

    pub fn obj(&self, key: &str, allowed: &[&str]) -> Result<Obj<'a>, Refusal> {
        let v = self.required(key)?;
        Obj::new(&self.field(key), v, allowed)
    }

    fn list(&self, key: &str) -> Result<Option<&'a Vec<Value>>, Refusal> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => v
                .as_array()
                .map(Some)
                .ok_or_else(|| refuse(&self.field(key), shown(v), "must be a JSON array")),
        }
    }

    pub fn opt_i64_list(&self, key: &str) -> Result<Option<Vec<i64>>, Refusal> {
        let Some(items) = self.list(key)? else {
            return Ok(None);
        };
        items
            .iter()
            .enumerate()
            .map(|(i, v)| {
                v.as_i64().filter(|n| *n >= 0).ok_or_else(|| {
                    refuse(
                        &format!("{}[{i}]", self.field(key)),
                        shown(v),
                        "must be a whole number, 0 or more",
                    )
                })
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    }

    pub fn i64_list(&self, key: &str) -> Result<Vec<i64>, Refusal> {
        self.opt_i64_list(key)?
            .ok_or_else(|| refuse(&self.field(key), "missing", "required"))
    }

    pub fn opt_str_list(&self, key: &str) -> Result<Option<Vec<String>>, Refusal> {
        let Some(items) = self.list(key)? else {
            return Ok(None);
        };
        items
            .iter()
            .enumerate()
            .map(|(i, v)| {
                v.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| refuse(&format!("{}[{i}]", self.field(key)), shown(v), "must be a string"))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    }

    pub fn str_list(&self, key: &str) -> Result<Vec<String>, Refusal> {
        self.opt_str_list(key)?
            .ok_or_else(|| refuse(&self.field(key), "missing", "required"))
    }

    /// An object of string values (clientProperties). Values are never shown: they may be secrets.
    pub fn string_map(&self, key: &str) -> Result<BTreeMap<String, String>, Refusal> {
        let v = self.required(key)?;
        let map = v
            .as_object()
            .ok_or_else(|| refuse(&self.field(key), shown(v), "must be a JSON object"))?;
        map.iter()
            .map(|(k, v)| match v.as_str() {
                Some(s) => Ok((k.clone(), s.to_string())),
                None => Err(refuse(
                    &format!("{}.{k}", self.field(key)),
                    "(not a string)",
                    "must be a string",
                )),
            })
            .collect()
    }
}
