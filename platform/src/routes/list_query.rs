//! Query strings with lists, which clients send either repeated (`status[]=1&status[]=2`,
//! `status=1&status=2`) or comma-separated (`status=1,2`); every form is accepted.

use crate::ApiError;

pub struct ListQuery {
    pairs: Vec<(String, String)>,
}

/// `status[]` and `status[0]` are `status`.
fn base_name(key: &str) -> &str {
    match key.split_once('[') {
        Some((name, rest))
            if rest.ends_with(']')
                && rest[..rest.len() - 1].bytes().all(|b| b.is_ascii_digit()) =>
        {
            name
        }
        _ => key,
    }
}

fn invalid(message: String) -> ApiError {
    ApiError::bad_request("invalid_query", message)
}

impl ListQuery {
    /// Refuses parameters other than `known`, so a misspelt filter is not silently ignored.
    pub fn new(pairs: Vec<(String, String)>, known: &[&str]) -> Result<Self, ApiError> {
        if let Some((key, _)) = pairs
            .iter()
            .find(|(key, _)| !known.contains(&base_name(key)))
        {
            return Err(invalid(format!(
                "Unknown query parameter {key:?}; this call takes {}.",
                known.join(", ")
            )));
        }
        Ok(Self { pairs })
    }

    fn values<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.pairs
            .iter()
            .filter(move |(key, _)| base_name(key) == name)
            .flat_map(|(_, value)| value.split(','))
            .map(str::trim)
            .filter(|value| !value.is_empty())
    }

    /// Every integer given for `name`; `None` when it is absent or empty.
    pub fn integers(&self, name: &str) -> Result<Option<Vec<i64>>, ApiError> {
        let values = self
            .values(name)
            .map(|value| {
                value
                    .parse::<i64>()
                    .map_err(|_| invalid(format!("{name} takes integers; {value:?} is not one.")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if values.len() > 100 {
            return Err(invalid(format!("{name} takes at most 100 values.")));
        }
        Ok((!values.is_empty()).then_some(values))
    }

    /// Integers of `name`, each of which must be one of `allowed`.
    pub fn integers_of(&self, name: &str, allowed: &[i64]) -> Result<Option<Vec<i64>>, ApiError> {
        let values = self.integers(name)?;
        if let Some(bad) = values.iter().flatten().find(|v| !allowed.contains(v)) {
            return Err(invalid(format!(
                "{name} {bad} does not exist; the values are {allowed:?}."
            )));
        }
        Ok(values)
    }

    /// The single value of `name`.
    pub fn text<'a>(&'a self, name: &'a str) -> Result<Option<&'a str>, ApiError> {
        let mut values = self.values(name);
        let first = values.next();
        if values.next().is_some() {
            return Err(invalid(format!("{name} takes one value.")));
        }
        Ok(first)
    }

    pub fn integer(&self, name: &str) -> Result<Option<i64>, ApiError> {
        self.text(name)?
            .map(|value| {
                value.parse::<i64>().map_err(|_| {
                    invalid(format!("{name} must be an integer; {value:?} is not one."))
                })
            })
            .transpose()
    }
}
