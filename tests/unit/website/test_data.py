"""The README's example queries reach the SQL console's buttons."""

from pathlib import Path

from wythoff.website.data import readme_queries

README = Path(__file__).parents[3] / "README.md"


def test_every_readme_query_becomes_a_titled_button():
    queries = readme_queries(README)["queries"]
    assert len(queries) == README.read_text().count("```sql")
    assert all(
        q["title"].endswith((":", "?")) and q["sql"].upper().startswith("SELECT") for q in queries
    )
    assert any("connell-k3" in q["sql"] for q in queries)
