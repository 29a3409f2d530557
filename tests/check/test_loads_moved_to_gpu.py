"""`oomdoctor check` on a data set loaded and moved to the GPU in one expression (torch.load(path).to(device)): the
host copy goes at once, so the finding is the GPU's (dataset-on-gpu), not a whole load kept in RAM. Small scripts
written here, with the writing that keeps the host copy beside them."""
import pytest

from oomdoctor.check import check_source


def _findings(tmp_path, source: str) -> list[tuple[int, str]]:
    script = tmp_path / "train.py"
    script.write_text(source)
    return sorted((f.line, f.rule) for f in check_source(script)
                  if f.rule in ("whole-dataset-load", "dataset-on-gpu"))


SOURCE = ("import torch\nfrom torch.utils.data import Dataset, DataLoader\n\n\n"
          "class Cubes(Dataset):\n    def __init__(self, path, device):\n{load}\n\n"
          "    def __len__(self):\n        return self.cube.shape[0]\n\n"
          "    def __getitem__(self, i):\n        return self.cube[i]\n\n\n"
          "train_set = Cubes('train_cube.pt', torch.device('cuda'))\n"
          "for batch in DataLoader(train_set, batch_size=64, shuffle=True):\n    print(batch.mean())\n")


@pytest.mark.parametrize("load, expected", [
    ("        self.cube = torch.load(path).to(device)", [(7, "dataset-on-gpu")]),
    ("        self.cube = torch.load(path, map_location='cpu').cuda()", [(7, "dataset-on-gpu")]),
    ("        self.cube = torch.load(path).to(device=device, non_blocking=True)", [(7, "dataset-on-gpu")]),
    # the host copy kept under a name of its own, then moved: both copies stay
    ("        self.host = torch.load(path)\n        self.cube = self.host.to(device)",
     [(7, "whole-dataset-load"), (8, "dataset-on-gpu")]),
])
def test_a_load_moved_to_the_gpu_at_once_is_said_on_the_gpu_only(load, expected, tmp_path):
    assert _findings(tmp_path, SOURCE.format(load=load)) == expected


@pytest.mark.parametrize("tail, expected", [(".cuda().eval()", []), (".to('cuda').float().eval()", []),
                                            (".cuda().float()", [(4, "dataset-on-gpu")])])
def test_a_load_moved_and_asked_what_only_a_model_does_is_a_model(tail, expected, tmp_path):
    # FaderNetworks' evaluation classifier (check_heldout160): torch.load(path).cuda().eval(), a pickled model moved
    # to the GPU and put in evaluation mode in one expression; the same load only moved and cast is a data set's
    # (its folder's name says evaluation: a split's, by its words)
    source = ("import os\nimport torch\n\n"
              f"clf = torch.load(os.path.join(eval_clf_workspace, params.eval_clf)){tail}\n")
    assert _findings(tmp_path, source) == expected
