"""`oomdoctor check` on an MLP that flattens whole images into its first nn.Linear: one weight row per pixel and
channel, however the sizes reach the layer (numbers, a product of names, the arguments the model is built with,
from a function or a class). Fine: a small image (MNIST's 28 x 28), a wide layer over features that are not an
image's pixels (a vocabulary's counts, bilinear pooling of a backbone's channels), and a model that never flattens
its input."""
import pytest

from oomdoctor.check import check_source


def _lines(tmp_path, source: str) -> list[int]:
    script = tmp_path / "train.py"
    script.write_text(source)
    return [f.line for f in check_source(script) if f.rule == "flatten-dense"]


def _linear_line(source: str) -> int:
    return next(i for i, text in enumerate(source.splitlines(), 1) if "nn.Linear(" in text)


IN_A_FUNCTION = ("import torch\nfrom torch import nn\n\nSIDE = {side}\n\n\n"
                 "def make_net(width, hidden=1024):\n"
                 "    return nn.Sequential(nn.Flatten(),\n"
                 "                         nn.Linear(in_features=width, out_features=hidden),\n"
                 "                         nn.ReLU(), nn.Linear(hidden, 10))\n\n\n"
                 "net = make_net({width}).cuda()\nopt = torch.optim.Adam(net.parameters())\n")

IN_A_CLASS = ("import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n\n"
              "class Pixels(nn.Module):\n    def __init__(self, size, channels, n_out):\n        super().__init__()\n"
              "        self.fc1 = nn.Linear(size * size * channels, 2048)\n        self.fc2 = nn.Linear(2048, n_out)\n\n"
              "    def forward(self, x):\n        x = x.view(x.size(0), -1)\n        return self.fc2(F.relu(self.fc1(x)))\n\n\n"
              "model = Pixels({size}, {channels}, 5)\n")


@pytest.mark.parametrize("side, width", [(224, "SIDE * SIDE * 3"), (256, "SIDE ** 2"), (150, "3 * SIDE * SIDE")])
def test_an_mlp_built_by_a_function_over_whole_images_is_said(side, width, tmp_path):
    source = IN_A_FUNCTION.format(side=side, width=width)
    assert _lines(tmp_path, source) == [_linear_line(source)]


@pytest.mark.parametrize("size, channels", [(128, 3), (300, 1)])
def test_an_mlp_class_over_whole_images_is_said(size, channels, tmp_path):
    source = IN_A_CLASS.format(size=size, channels=channels)
    assert _lines(tmp_path, source) == [_linear_line(source)]


@pytest.mark.parametrize("side, width", [(28, "SIDE * SIDE"),    # MNIST: 784 x 1024, a few MB
                                         (28, "50000"),          # a vocabulary's counts, not an image
                                         (32, "SIDE * SIDE * 3")])  # CIFAR: 3 M weights
def test_small_images_and_other_features_are_fine(side, width, tmp_path):
    assert _lines(tmp_path, IN_A_FUNCTION.format(side=side, width=width)) == []


def test_a_model_that_never_flattens_is_fine(tmp_path):
    source = ("import torch.nn as nn\n\n\nclass Head(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
              "        self.fc = nn.Linear(224 * 224 * 3, 512)\n\n    def forward(self, feats):\n"
              "        return self.fc(feats)\n")
    assert _lines(tmp_path, source) == []


def test_a_head_over_a_backbones_pooled_channels_is_fine(tmp_path):
    # bilinear pooling: the outer product of VGG's 512 channels, 512 ** 2 features, not a 512 x 512 picture
    source = ("import torch\nimport torchvision\n\n\nclass Bilinear(torch.nn.Module):\n"
              "    def __init__(self):\n        super().__init__()\n"
              "        self.trunk = torchvision.models.vgg16(weights=None).features\n"
              "        self.fc = torch.nn.Linear(512 ** 2, 200)\n\n"
              "    def forward(self, x):\n        x = self.trunk(x).view(x.size(0), 512, -1)\n"
              "        x = torch.bmm(x, x.transpose(1, 2)).view(x.size(0), -1)\n        return self.fc(x)\n")
    assert _lines(tmp_path, source) == []


AUTOENCODER = ("import torch\nimport torch.nn as nn\n\n\nclass LinearAutoencoder(nn.Module):\n    def __init__(self):\n"
               "        super().__init__()\n        self.encoder = nn.Sequential(nn.Linear({features}, 1024), nn.ReLU())\n"
               "        self.decoder = nn.Sequential(nn.Linear(1024, {features}), nn.Tanh())\n\n"
               "    def forward(self, x):\n        return self.decoder(self.encoder(x))\n\n\n"
               "model = LinearAutoencoder().cuda()\nopt = torch.optim.Adam(model.parameters())\n"
               "for img, _ in loader:\n    img = img.view(img.size(0), -1).cuda()\n"
               "    loss = ((model(img) - img) ** 2).mean()\n    opt.zero_grad()\n    loss.backward()\n    opt.step()\n")


def test_a_linear_wider_than_any_hidden_size_takes_a_flattened_picture_wherever_it_is_flattened(tmp_path):
    """nn.Linear(768000, 1024): 400 x 640 x 3 frames, flattened in the training loop, not the model; no sides are
    square. Said at the layer that takes them, not at the decoder's layer that gives them back."""
    source = AUTOENCODER.format(features=768000)
    assert _lines(tmp_path, source) == [_linear_line(source)]


def test_a_wide_linear_below_a_flattened_pictures_width_is_not_said_without_a_flatten(tmp_path):
    assert _lines(tmp_path, AUTOENCODER.format(features=200000)) == []
