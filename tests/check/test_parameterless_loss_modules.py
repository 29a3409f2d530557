"""`oomdoctor check` on a loss written as an nn.Module that holds only other losses (no layer, no nn.Parameter):
called on outputs made under torch.no_grad() / inference_mode() it records no graph, so neither its call is an
evaluation forward pass that saves activations nor is its result a loss that keeps a graph. Small scripts written
here, with the writings that still keep one beside them."""
import pytest

from oomdoctor.check import check_source


def _found(tmp_path, source: str) -> list[tuple[int, str]]:
    script = tmp_path / "fit.py"
    script.write_text(source)
    return [(f.line, f.rule) for f in check_source(script)
            if f.rule in ("eval-without-no-grad", "loss-keeps-graph", "tensors-kept-across-steps")]


# a criterion class made of library losses only, in several spellings
CRITERIA = {
    "torch_losses": ("class Criterion(torch.nn.Module):\n    def __init__(self, w=0.5):\n        super().__init__()\n"
                     "        self.w = w\n        self.ce = torch.nn.CrossEntropyLoss()\n"
                     "        self.l1 = torch.nn.SmoothL1Loss()\n\n"
                     "    def forward(self, pred, target):\n"
                     "        return self.ce(pred, target) + self.w * self.l1(pred.softmax(1)[:, 0], target.float())\n"),
    "other_library": ("class Criterion(nn.Module):\n    def __init__(self):\n        super(Criterion, self).__init__()\n"
                      "        self.focal = FocalLoss(gamma=2.0)\n        self.act = nn.Softmax(dim=1)\n\n"
                      "    def forward(self, pred, target):\n        return self.focal(self.act(pred), target)\n"),
    "no_init": ("class Criterion(nn.Module):\n    def forward(self, pred, target):\n"
                "        p = torch.sigmoid(pred)\n        inter = (p * target).sum()\n"
                "        return 1 - 2 * inter / (p.sum() + target.sum() + 1)\n"),
}
HEAD = ("import torch\nimport torch.nn as nn\nfrom kornia.losses import FocalLoss\n\n\n{criterion}\n\n"
        "class Segmenter(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        "        self.conv = nn.Conv2d(3, 4, 3, padding=1)\n\n    def forward(self, x):\n        return self.conv(x)\n\n\n")
EVALUATE = ("def evaluate(net, crit, valid_loader):\n    net.eval()\n    running = 0.0\n"
            "    for x, y in valid_loader:\n        x, y = x.cuda(), y.cuda()\n{guarded}\n"
            "        batch_loss = crit(scores, y)\n        running = running + batch_loss\n"
            "    return running / len(valid_loader)\n\n\n"
            "net = Segmenter().cuda()\ncrit = Criterion().cuda()\n"
            "valid_loader = torch.utils.data.DataLoader(torch.load('valid.pt'), batch_size=8)\n"
            "print(evaluate(net, crit, valid_loader))\n")


def _source(criterion: str, guarded: str) -> tuple[str, int, int]:
    source = HEAD.format(criterion=CRITERIA[criterion]) + EVALUATE.format(guarded=guarded)
    lines = source.splitlines()
    forward = next(i for i, line in enumerate(lines, 1) if "scores = net" in line)
    summed = next(i for i, line in enumerate(lines, 1) if "running = running +" in line)
    return source, forward, summed


@pytest.mark.parametrize("criterion", sorted(CRITERIA))
@pytest.mark.parametrize("guard", ["torch.no_grad()", "torch.inference_mode()", "torch.set_grad_enabled(False)"])
def test_a_loss_module_on_outputs_made_without_autograd_keeps_nothing(criterion, guard, tmp_path):
    source, _forward, _summed = _source(criterion, f"        with {guard}:\n            scores = net(x)")
    assert _found(tmp_path, source) == []


@pytest.mark.parametrize("criterion", sorted(CRITERIA))
def test_the_same_loss_module_on_outputs_made_with_autograd_on_still_keeps_their_graph(criterion, tmp_path):
    source, forward, summed = _source(criterion, "        scores = net(x)")
    found = _found(tmp_path, source)
    assert (forward, "eval-without-no-grad") in found
    assert (summed, "loss-keeps-graph") in found


def test_a_loss_module_with_weights_of_its_own_records_a_graph(tmp_path):
    # a learned weighting of the losses (uncertainty weighting: nn.Parameter) records a graph to its parameters
    learned = ("class Criterion(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
               "        self.log_var = nn.Parameter(torch.zeros(1))\n        self.ce = nn.CrossEntropyLoss()\n\n"
               "    def forward(self, pred, target):\n"
               "        return torch.exp(-self.log_var) * self.ce(pred, target) + self.log_var\n")
    source = HEAD.format(criterion=learned) + EVALUATE.format(
        guarded="        with torch.no_grad():\n            scores = net(x)")
    summed = next(i for i, line in enumerate(source.splitlines(), 1) if "running = running +" in line)
    assert (summed, "loss-keeps-graph") in _found(tmp_path, source)


def test_a_module_with_a_layer_on_outputs_made_without_autograd_is_a_forward_pass(tmp_path):
    # a refinement head (a conv) run on the frozen segmenter's output saves its own activations
    head = ("class Criterion(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
            "        self.refine = nn.Conv2d(4, 4, 3, padding=1)\n\n"
            "    def forward(self, pred, target):\n        return self.refine(pred)\n")
    source = HEAD.format(criterion=head) + EVALUATE.format(
        guarded="        with torch.no_grad():\n            scores = net(x)")
    line = next(i for i, l in enumerate(source.splitlines(), 1) if "batch_loss = crit" in l)
    assert (line, "eval-without-no-grad") in _found(tmp_path, source)
