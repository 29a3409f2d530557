"""`oomdoctor check`'s eval-without-no-grad on evaluation that runs the model one sample at a time, its inputs
written as one-element lists (torch.tensor([user]), torch.LongTensor([[a, b, c]])): a batch of one saves one
sample's activations, which the next pass frees; evaluation over whole batches with autograd on is still said."""
import textwrap

import pytest

from oomdoctor.check import check_source


def rules(tmp_path, source: str) -> list[tuple[int, str]]:
    script = tmp_path / "score.py"
    script.write_text(textwrap.dedent(source))
    return [(f.line, f.rule) for f in check_source(script) if f.rule == "eval-without-no-grad"]


LOOP = """\
    import torch
    import torch.nn as nn


    class Scorer(nn.Module):
        def __init__(self, n_users, n_items):
            super().__init__()
            self.users = nn.Embedding(n_users, 64)
            self.items = nn.Embedding(n_items, 64)
            self.head = nn.Sequential(nn.Linear(128, 256), nn.ReLU(), nn.Linear(256, 1))

        def forward(self, u, i):
            return self.head(torch.cat([self.users(u), self.items(i)], 1))


    def held_out_accuracy(scorer, held_out_pairs, device):
        scorer.eval()
        right = 0
        for user, item, liked in held_out_pairs:
            {inputs}
            out = scorer(u, i)
            right += int((out.item() > 0) == liked)
        return right / len(held_out_pairs)
"""


@pytest.mark.parametrize("inputs", [
    "u = torch.tensor([int(user)]).to(device); i = torch.tensor([int(item)]).to(device)",
    "u = torch.LongTensor([user]).cuda(); i = torch.LongTensor([item]).cuda()",
    "u = torch.as_tensor([user], device=device); i = torch.tensor([item]).long().to(device)",
    "u = torch.tensor([user], dtype=torch.long).to(device); i = torch.tensor((item,)).to(device)",
])
def test_one_sample_at_a_time_is_not_flagged(tmp_path, inputs):
    assert rules(tmp_path, LOOP.format(inputs=inputs)) == []


@pytest.mark.parametrize("inputs", [
    # a batch of rows, or a sample list built from many values: a real batch's graph
    "u = torch.tensor(user).to(device); i = torch.tensor(item).to(device)",
    "u = torch.tensor([user, user]).to(device); i = torch.tensor([*item]).to(device)",
    "u = torch.from_numpy(user).cuda(); i = torch.tensor([item]).cuda()",
    # a row written [[...]] is left to the rule (a whole model run per word is said: test_check.py)
    "u = torch.tensor([[user]]).to(device); i = torch.tensor([[item]]).to(device)",
])
def test_batches_are_still_flagged(tmp_path, inputs):
    assert rules(tmp_path, LOOP.format(inputs=inputs)) == [(21, "eval-without-no-grad")]
