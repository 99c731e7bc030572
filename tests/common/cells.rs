//! Reading a notebook's code cells, for the tests that check what they do.

use serde_json::Value;

/// The source of every code cell of `notebooks/{name}.ipynb`, in order.
pub fn code_cells(name: &str) -> Vec<String> {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("notebooks/{name}.ipynb"));
    let nb: Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("notebook")).expect("JSON");
    nb["cells"]
        .as_array()
        .expect("cells")
        .iter()
        .filter(|c| c["cell_type"] == "code")
        .map(|c| match &c["source"] {
            Value::Array(lines) => lines.iter().filter_map(Value::as_str).collect(),
            other => other.as_str().unwrap_or_default().to_owned(),
        })
        .collect()
}
