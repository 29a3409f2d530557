"""`oomdoctor check` on training and evaluation loops of sequence models: a loss the model computes itself (a CRF's
negative log-likelihood) kept across steps, and evaluation calls with autograd on. Small scripts written here, with
the fine writing beside each."""
import pytest

from oomdoctor.check import check_source


def _rules(tmp_path, source: str, rule: str) -> list[int]:
    script = tmp_path / "train.py"
    script.write_text(source)
    return [f.line for f in check_source(script) if f.rule == rule]


SELF_LOSS = ("import torch\nimport torch.nn as nn\n\n\n"
             "class Tagger(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
             "        self.rnn = nn.LSTM(32, 64, batch_first=True)\n\n"
             "    def forward(self, words, tags):\n        out, _ = self.rnn(words)\n        return out.sum()\n\n\n"
             "class Trainer:\n    def __init__(self, net, loader):\n        self.net, self.loader = net.cuda(), loader\n"
             "        self.opt = torch.optim.SGD(net.parameters(), lr=0.1)\n\n"
             "    def epoch(self):\n        history = []\n        for words, tags in self.loader:\n"
             "            self.opt.zero_grad()\n{compute}\n            {kept}\n"
             "            nll.backward()\n            self.opt.step()\n        return history\n")


@pytest.mark.parametrize("compute, kept, expected", [
    ("            nll = self.net(words.cuda(), tags.cuda())", "history.append(nll)", [25]),
    ("            score = self.net(words.cuda(), tags.cuda())\n            nll = -score", "history.append(nll)", [26]),
    ("            nll = self.net.forward(words.cuda(), tags.cuda()) * -1.0", "history += [nll]", [25]),
    ("            nll = self.net(words.cuda(), tags.cuda())", "history.append(nll.item())", []),  # one number
    ("            nll = self.net(words.cuda(), tags.cuda())", "history.append(nll.detach().cpu())", []),
])
def test_a_loss_the_model_computes_itself_and_kept_per_step_keeps_its_graph(compute, kept, expected, tmp_path):
    # the model's forward returns the loss (a CRF's negative log-likelihood): what backward() is called on is the
    # loss, however it was computed, and each one kept holds its step's graph; said as the loss kept, not as outputs
    source = SELF_LOSS.format(compute=compute, kept=kept)
    assert _rules(tmp_path, source, "loss-keeps-graph") == expected
    assert _rules(tmp_path, source, "tensors-kept-across-steps") == []


def test_outputs_kept_beside_a_loss_the_model_computes_are_still_outputs(tmp_path):
    # outputs kept with their graph are not the loss: backward() is called on another name
    source = SELF_LOSS.format(compute="            nll = self.net(words.cuda(), tags.cuda())\n"
                                      "            scores = self.net(words.cuda(), tags.cuda())",
                              kept="history.append(scores)")
    assert _rules(tmp_path, source, "loss-keeps-graph") == []
    assert _rules(tmp_path, source, "tensors-kept-across-steps") == [26]
