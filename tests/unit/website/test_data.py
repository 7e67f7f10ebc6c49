"""The README's example queries reach the SQL console's buttons; the catalog's
Beatty slopes reach the Identify page."""

from pathlib import Path

from wythoff.core.discrepancy import BeattyForm
from wythoff.core.quadratic import QuadraticIrrational
from wythoff.identify.catalog import CatalogSlope
from wythoff.website.data import readme_queries, slopes_index

README = Path(__file__).parents[3] / "README.md"


def test_every_readme_query_becomes_a_titled_button():
    queries = readme_queries(README)["queries"]
    assert len(queries) == README.read_text().count("```sql")
    assert all(
        q["title"].endswith((":", "?")) and q["sql"].upper().startswith("SELECT") for q in queries
    )
    assert any("connell-k3" in q["sql"] for q in queries)


def test_the_slopes_file_holds_each_slope_as_its_four_integers_and_its_form():
    phi = QuadraticIrrational(1, 5, 2)
    wythoff_a = CatalogSlope("wythoff-a", phi, BeattyForm(phi))
    falling = CatalogSlope("x", QuadraticIrrational(3, 2, 1, -1))
    form = {"c": 1, "d": 5, "e": 2, "sign": 1, "step": 1, "shift": 0, "scale": 1, "factor": 0,
            "constant": 0}  # fmt: skip
    assert slopes_index([wythoff_a, falling]) == {
        "slopes": [["wythoff-a", 1, 5, 2, 1, form], ["x", 3, 2, 1, -1, None]]
    }
