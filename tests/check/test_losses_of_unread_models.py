"""`oomdoctor check` on a training step, in a function of the script, whose model the checker cannot follow (it is
built in a module not given, as torchvision's detection models are in many repositories): the name backward() is
called on is a loss with its graph whatever made it, and so is a sum of a dict of loss tensors
(sum(loss for loss in loss_dict.values()), torchvision's detection idiom). A caller adding up what the step returns
keeps every step's graph. Small scripts written here."""
import pytest

from oomdoctor.check import check_source


def _rules(tmp_path, source: str, rule: str) -> list[int]:
    script = tmp_path / "main.py"
    script.write_text(source)
    return [f.line for f in check_source(script) if f.rule == rule]


STEP = ("import torch\nfrom model.model import build_detector\n\n\n"
        "def fit_step(batch, det, opt, dev):\n    det.train()\n    imgs, tgts = batch\n"
        "    imgs = list(im.to(dev) for im in imgs)\n    opt.zero_grad()\n    parts = det(imgs, tgts)\n"
        "    total = {total}\n    {backward}\n    opt.step()\n    return total, parts\n\n\n"
        "det = build_detector(5).to('cuda')\nopt = torch.optim.SGD(det.parameters(), lr=0.005)\n"
        "for epoch in range(10):\n    fit_sum = 0\n    for batch in loader:\n"
        "        total, parts = fit_step(batch, det, opt, 'cuda')\n        fit_sum += {added}\n"
        "    print(fit_sum / len(loader))\n")


@pytest.mark.parametrize("total, backward, added, expected", [
    # check_heldout117's Faster R-CNN on aerial pictures: the losses of a model from model/model.py
    ("sum(p for p in parts.values())", "total.backward()", "total", [23]),
    ("parts['loss_classifier'] + parts['loss_box_reg']", "total.backward()", "total", [23]),
    ("sum(p for p in parts.values())", "total.backward(retain_graph=False)", "total", [23]),
    # the value added, not the tensor
    ("sum(p for p in parts.values())", "total.backward()", "total.item()", []),
    # backward() given the loss by a helper object (Accelerate's, Lightning Fabric's): the helper is not the loss
    ("sum(p for p in parts.values())", "accelerator.backward(total)", "accelerator", []),
])
def test_what_backward_is_called_on_is_a_loss_whatever_made_it(total, backward, added, expected, tmp_path):
    source = STEP.format(total=total, backward=backward, added=added)
    assert _rules(tmp_path, source, "loss-keeps-graph") == expected


@pytest.mark.parametrize("total, expected", [
    # AMP's scaler.scale(total).backward(): nothing is called on the name itself; the sum of the model's loss
    # tensors is a tensor with their graphs
    ("sum(p for p in parts.values())", [23]),
    ("sum([p for p in parts.values()])", [23]),
    ("sum(p.item() for p in parts.values())", []),  # numbers added up
])
def test_a_sum_of_a_detection_model_s_loss_tensors_is_a_loss(total, expected, tmp_path):
    source = STEP.format(total=total, backward="scaler.scale(total).backward()", added="total").replace(
        "from model.model import build_detector", "from torchvision.models.detection import fasterrcnn_resnet50_fpn"
    ).replace("build_detector(5)", "fasterrcnn_resnet50_fpn(weights=None)")
    assert _rules(tmp_path, source, "loss-keeps-graph") == expected
