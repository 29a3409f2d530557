"""`oomdoctor check` on a vectorizer's document-term matrix made dense for a few texts the script writes (one
message wrapped in a list, a pandas Series or a one-row DataFrame), or for what a function is given where no call
gives it anything: one row, or a size the script does not show, not a corpus. The corpus's matrix made dense is still
said."""
import pytest

from oomdoctor.check import check_source


def _found(tmp_path, source: str) -> list[int]:
    script = tmp_path / "spam_filter.py"
    script.write_text(source)
    return [f.line for f in check_source(script) if f.rule == "densified-sparse"]


SCRIPT = ("import pandas\nfrom sklearn.feature_extraction.text import CountVectorizer\n\n"
          "mails = pandas.read_csv('mails.csv')\nbag = CountVectorizer(max_features=5000)\nbag.fit(mails['body'])\n\n\n"
          "class Scorer:\n    def __init__(self, bag):\n        self.vectorizer = bag\n\n"
          "    def score(self, {param}):\n{body}\n        return dense.sum()\n\n\n"
          "scorer = Scorer(bag)\n{call}\n")


@pytest.mark.parametrize("param, body, call", [
    ("msg", "        dense = self.vectorizer.transform([msg]).toarray()", "scorer.score('win money now')"),
    ("msg", "        rows = pandas.Series([msg])\n        dense = self.vectorizer.transform(rows).toarray()",
     "scorer.score('win money now')"),
    ("msg", "        one = pandas.DataFrame({'body': [msg]})\n"
            "        dense = self.vectorizer.transform(one['body']).todense()",
     "scorer.score('win money now')"),
    ("msg", "        one = pandas.DataFrame({'body': [msg]})\n"
            "        dense = self.vectorizer.transform(one.body).toarray()",
     "scorer.score(msg='free offer')"),
    # given nothing by any call: what a session passes by hand, not shown
    ("table", "        dense = self.vectorizer.transform(table.body).toarray()", "print(scorer)"),
    # given only a few written texts by every call
    ("table", "        dense = self.vectorizer.transform(table.body).toarray()",
     "scorer.score(pandas.DataFrame({'body': ['a', 'b']}))"),
])
def test_a_few_written_texts_made_dense_are_not_said(param, body, call, tmp_path):
    source = SCRIPT.format(param=param, body=body, call=call)
    assert _found(tmp_path, source) == []


@pytest.mark.parametrize("call", ["scorer.score(mails)", "scorer.score(pandas.read_csv('more.csv'))"])
def test_the_corpus_made_dense_through_the_function_is_said(call, tmp_path):
    source = SCRIPT.format(param="table", body="        dense = self.vectorizer.transform(table.body).toarray()",
                           call=call)
    assert _found(tmp_path, source) == [14]


def test_the_corpus_made_dense_at_the_top_is_said(tmp_path):
    source = SCRIPT.format(param="msg", body="        dense = self.vectorizer.transform([msg]).toarray()",
                           call="matrix = bag.transform(mails.body).toarray()")
    assert _found(tmp_path, source) == [19]
