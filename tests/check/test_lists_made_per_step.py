"""`oomdoctor check` on outputs kept in a list that a training step makes anew (micro-batches of one step, scored
after its backward): the list holds one step's tensors, not one per step of the run. Small scripts written here, with the lists
made per epoch or once beside them, which grow."""
import pytest

from oomdoctor.check import check_source


def _rules(tmp_path, source: str, rule: str) -> list[int]:
    script = tmp_path / "train.py"
    script.write_text(source)
    return [f.line for f in check_source(script) if f.rule == rule]


STEP = ("import torch\nimport torch.nn as nn\n\n\n"
        "def train(model, loader, opt, epochs):\n    crit = nn.BCEWithLogitsLoss()\n{before}"
        "    for epoch in range(epochs):\n{per_epoch}"
        "        for x, y in loader:\n            opt.zero_grad()\n{per_step}"
        "            loss = 0\n"
        "            for part, target in zip(x.cuda().chunk(4), y.cuda().chunk(4)):\n"
        "                logits = model(part)\n                pieces.append(logits)\n"
        "                loss = loss + crit(logits, target)\n"
        "            loss.backward()\n            opt.step()\n"
        "            print((torch.cat(pieces) > 0).float().mean().item())\n")


@pytest.mark.parametrize("before, per_epoch, per_step, expected", [
    ("", "", "            pieces = []\n", []),  # made anew each step: one step's micro-batches
    ("", "", "            pieces = list()\n", []),
    ("", "        pieces = []\n", "", [14]),  # made per epoch: every step of the epoch kept
    ("    pieces = []\n", "", "", [14]),  # made once: every step of the run kept
])
def test_outputs_kept_in_a_list_made_anew_each_training_step_are_one_steps(before, per_epoch, per_step, expected,
                                                                           tmp_path):
    source = STEP.format(before=before, per_epoch=per_epoch, per_step=per_step)
    assert _rules(tmp_path, source, "tensors-kept-across-steps") == expected
