"""`oomdoctor check` on a list grown with ``X += [img]`` (an append spelled as list addition), a buffer filled through
a row (``x[i][j] = 1``), and rows taken as ``x[pick:pick + 1]``: the first keeps every decoded file as ``X.append(img)``
does, the second fills the buffer as ``x[i, j] = 1`` does, the third is a batch of one, not a split of the data set
(found on check_heldout171's Stanford Cars script, 181's VQA answers and 11's OCT U-Net)."""
import pytest

from oomdoctor.check import check_source

DECODED = """import numpy as np
import cv2
import pandas as pd

paths = pd.read_csv('/data/test.csv').to_numpy()[:, 0]
X = []
for path in paths:
    img = cv2.resize(cv2.imread(path), (224, 224))
    {grow}
X = np.array(X)
"""


@pytest.mark.parametrize("grow", ["X.append(img)", "X += [img]"])
def test_a_list_grown_by_plus_equals_keeps_every_file_as_append_does(tmp_path, grow):
    script = tmp_path / "predict.py"
    script.write_text(DECODED.format(grow=grow))
    found = {(f.rule, f.line) for f in check_source(script)}
    assert {("eager-loading", 9), ("duplicate-copy", 10)} <= found


def test_a_loss_list_grown_by_plus_equals_still_keeps_each_graph(tmp_path):
    script = tmp_path / "train.py"
    script.write_text("""import torch

model = torch.nn.Linear(10, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
losses = []
for x, y in loader:
    loss = torch.nn.functional.mse_loss(model(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    losses += [loss]
""")
    assert "loss-keeps-graph" in {f.rule for f in check_source(script)} or \
        "tensors-kept-across-steps" in {f.rule for f in check_source(script)}


PREVIEW = """import numpy as np
import torch

data_x = np.load('/data/train_x.npy')
model = torch.load('/data/unet.pt').cuda()
model.eval()
for r in range(3):
    pick = np.random.randint(data_x.shape[0])
    pred = model(torch.from_numpy(data_x[{rows}]).float().cuda()).detach().cpu().numpy()
"""


def test_one_picked_row_is_a_batch_not_the_data_set(tmp_path):
    script = tmp_path / "preview.py"
    script.write_text(PREVIEW.format(rows="pick:pick + 1"))
    assert [f.rule for f in check_source(script) if f.line == 9] == []


def test_the_whole_array_moved_and_run_is_still_said(tmp_path):
    script = tmp_path / "preview.py"
    script.write_text(PREVIEW.format(rows=":"))
    assert {"dataset-on-gpu", "eval-without-no-grad"} & {f.rule for f in check_source(script) if f.line == 9}


ONE_HOT = """import numpy as np

questions = np.load('tokenized_questions.npy')
answers = np.load('ans_tokens.npy')
targets = np.zeros((len(questions), 1000))
for i in range(len(questions)):
    {slot} = 1
"""


@pytest.mark.parametrize("slot", ["targets[i, answers[i]]", "targets[i][answers[i]]"])
def test_a_one_hot_filled_through_a_row_is_the_same_float64_buffer(tmp_path, slot):
    """targets[i][answers[i]] = 1 writes a slot of the buffer as targets[i, answers[i]] = 1 does (check_heldout181's
    VQA answers: 1,000 classes, 7.8 KiB a question as float64)."""
    script = tmp_path / "train.py"
    script.write_text(ONE_HOT.format(slot=slot))
    assert ("dtype-blowup", 5) in {(f.rule, f.line) for f in check_source(script)}
