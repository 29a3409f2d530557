"""`oomdoctor check` on the parts of a tuple a loss function from an unread module returns: the part backward() is
called on (or, in an evaluation loop, the first) is a tensor with its graph; its siblings are tensors too, unless the
script turns the loss into a number and uses the siblings as they are, never as tensors: then they are the numbers
for the log such functions often return. Small scripts written here."""
import pytest

from oomdoctor.check import check_source


def _rules(tmp_path, source: str, rule: str) -> list[int]:
    script = tmp_path / "fit.py"
    script.write_text(source)
    return [f.line for f in check_source(script) if f.rule == rule]


# a class that trains, the loss function from a local module that is not given
FITTER = ("import torch\nfrom objectives import {fn}\n\n\n"
          "class Fitter:\n    def __init__(self, net, opt):\n        self.net, self.opt = net.cuda(), opt\n\n"
          "    def train_epoch(self, batches):\n        seen, running = 0.0, 0.0\n        for src, dst in batches:\n"
          "            pred = self.net(src.cuda())\n            self.opt.zero_grad()\n"
          "            {unpack} = {fn}(pred, dst.cuda())\n            total.backward()\n            self.opt.step()\n"
          "            seen += {seen}\n            {kept}\n{extra}        return seen, running\n")


@pytest.mark.parametrize("fn, unpack, seen, kept, extra, expected", [
    # the loss made a number, the parts added as they are: numbers the function returns for the log
    ("photometric_loss", "total, l_photo, l_smooth", "total.item()", "running += l_photo", "", []),
    ("criterion", "total, parts", "total.detach().cpu().item()", "running += parts", "", []),
    ("multi_loss", "l_a, total, l_b", "float(total)", "running = running + l_b", "", []),  # backward() on the 2nd
    ("photometric_loss", "total, l_photo, l_smooth", "total.data", "running += l_photo",
     "            print(f'{l_photo:.4f} {l_smooth:.4f}')\n", []),  # formatted as a number
    # ... unless the script uses the part as a tensor too
    ("photometric_loss", "total, l_photo, l_smooth", "total.item()", "running += l_photo",
     "            print(l_photo.item())\n", [18]),
    ("multi_loss", "total, l_photo, l_smooth", "total.item()", "running += l_smooth",
     "            log(l_smooth.detach().cpu())\n", [18]),
    # the loss added as it is too: the parts are alike, tensors with the step's graph
    ("photometric_loss", "total, l_photo, l_smooth", "total", "running += l_photo", "", [17, 18]),
    ("multi_loss", "l_a, total, l_b", "total", "running = running + l_a", "", [17, 18]),
    # the part backward() is called on, added up itself
    ("photometric_loss", "total, l_photo, l_smooth", "total.item()", "running += total", "", [18]),
])
def test_siblings_of_the_backpropagated_loss_are_numbers_where_the_script_treats_them_so(fn, unpack, seen, kept, extra,
                                                                                        expected, tmp_path):
    source = FITTER.format(fn=fn, unpack=unpack, seen=seen, kept=kept, extra=extra)
    assert _rules(tmp_path, source, "loss-keeps-graph") == expected


VALIDATE = ("import torch\nimport objectives as obj\n\n\n"
            "def validate(net, batches):\n    net.eval()\n    seen, err_sum, ssim_sum = 0, 0, 0\n"
            "    for src, dst in batches:\n        out = net(src.cuda())\n"
            "        err, ssim = obj.recon_loss(out, dst.cuda())\n        seen += 1\n        {kept}\n"
            "    return err_sum / seen, ssim_sum / seen\n")


@pytest.mark.parametrize("kept, expected", [
    ("err_sum += err.item(); ssim_sum += ssim", []),  # the loss made a number, its sibling used as one
    ("err_sum += float(err); ssim_sum = ssim_sum + ssim", []),
    ("err_sum += err", [12]),  # the first part, the loss: a tensor with the pass's graph (no no_grad here)
    ("err_sum += err\n        ssim_sum += ssim", [12, 13]),  # both alike
    ("err_sum += err.item(); ssim_sum += ssim; print(ssim.cpu())", [12]),  # the sibling used as a tensor
])
def test_in_an_evaluation_loop_the_first_part_is_the_loss(kept, expected, tmp_path):
    assert _rules(tmp_path, VALIDATE.format(kept=kept), "loss-keeps-graph") == expected
