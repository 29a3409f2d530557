"""`oomdoctor check` on an evaluation loop that keeps each step's predicted classes on the GPU: a class id (or a
thresholded yes/no) per sample is a few bytes, however many steps keep them; the activations the forward pass made
are not kept (check_heldout114's pneumonia CNN, check_heldout124's seedlings classifier, check_heldout51's seq2seq
decoder). Small scripts written here."""
import pytest

from oomdoctor.check import check_source


def _lines(tmp_path, source: str) -> list[int]:
    script = tmp_path / "infer.py"
    script.write_text(source)
    return [f.line for f in check_source(script) if f.rule == "tensors-kept-across-steps"]


LOOP = ("import torch\nimport torchvision\n\nnet = torchvision.models.resnet18(num_classes=12).cuda()\n"
        "net.eval()\nguesses = []\nwith torch.no_grad():\n    for inputs in loader:\n"
        "        scores = net(inputs.cuda())\n        {made}\n        guesses.append({kept})\n"
        "print(len(guesses))\n")


@pytest.mark.parametrize("made, kept, expected", [
    ("top_class = torch.argmax(scores, dim=1)", "top_class", []),
    ("top_class = scores.argmax(1).cpu()", "top_class", []),
    ("top_class = scores.max(1)[1]", "top_class", []),
    ("top_class = torch.max(scores, 1).indices", "top_class", []),
    ("flags = (torch.sigmoid(scores) >= 0.5).float()", "flags", []),
    # the scores themselves, a row of twelve per sample on the GPU: kept, as before
    ("top_class = None", "scores", [11]),
])
def test_class_ids_kept_per_step_are_a_few_bytes_a_sample(made, kept, expected, tmp_path):
    assert _lines(tmp_path, LOOP.format(made=made, kept=kept)) == expected
