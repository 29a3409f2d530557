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


PREDICT = ("import torch\nfrom ner_models import BiGruCrf\n\n\n"
           "def train_and_score(train_loader, val_loader, epochs=3):\n"
           "    net = BiGruCrf(300, 128).cuda()\n    opt = torch.optim.Adam(net.parameters())\n"
           "    for _ in range(epochs):\n        net.train()\n        for batch in train_loader:\n"
           "            opt.zero_grad()\n            cost = net(batch)\n            cost.backward()\n            opt.step()\n"
           "        net.eval()\n        hits = 0\n{scoring}    return hits\n")
OPEN = "        for batch in val_loader:\n            paths = {call}\n            hits += int((paths == batch[-1]).sum())\n"
GUARDED = ("        with torch.no_grad():\n            for batch in val_loader:\n                paths = {call}\n"
           "                hits += int((paths == batch[-1]).sum())\n")


@pytest.mark.parametrize("scoring, call, expected", [
    (OPEN, "net.predict(batch)", [18]),  # a model's own predict(): nn.Module has none, the class runs the model in it
    (OPEN, "net.predict_on_batch(batch[0].cuda())", [18]),
    (GUARDED, "net.predict(batch)", []),  # autograd off around it
    (OPEN, "len(list(net.parameters()))", []),  # no pass at all
])
def test_a_models_own_predict_method_in_an_evaluation_loop_is_a_forward_pass(scoring, call, expected, tmp_path):
    source = PREDICT.format(scoring=scoring.format(call=call))
    assert _rules(tmp_path, source, "eval-without-no-grad") == expected


def test_a_keras_models_predict_is_not_a_pytorch_forward_pass(tmp_path):
    source = ("import numpy as np\nfrom tensorflow import keras\n\n"
              "model = keras.models.load_model('tagger.h5')\nfor chunk in np.array_split(np.load('val.npy'), 10):\n"
              "    tags = model.predict(chunk)\n    print(tags.argmax(-1))\n")
    assert _rules(tmp_path, source, "eval-without-no-grad") == []


def test_a_keras_models_predict_beside_torch_is_not_a_pytorch_forward_pass(tmp_path):
    # a script that imports both, its model from a helper not read: the model called predict() on is a Keras one
    source = ("import torch\nimport numpy as np\nimport tensorflow as tf\nfrom tuning import search\n\n"
              "best_model = search(tf.data.Dataset.range(8)).best()\nval_x = np.load('val.npy')\n"
              "guess = best_model.predict(val_x.astype(np.float32))\nprint(torch.from_numpy(guess).argmax(-1))\n")
    assert _rules(tmp_path, source, "eval-without-no-grad") == []
    assert _rules(tmp_path, source.replace("import tensorflow as tf\n", "import jax.numpy as tf\n"),
                  "eval-without-no-grad") == [8]  # no Keras: a PyTorch model's own predict()


def test_a_loss_kept_in_a_list_is_said_to_be_kept_not_added_up():
    """losses.append(loss) keeps each step's graph one by one: the message and the fix say append, where
    total += loss is 'adds up' and '+= loss.item()'."""
    from pathlib import Path

    from oomdoctor.check import check_source

    script = Path(__file__).parents[1] / "scripts" / "check" / "torch_train_loop.py"
    by_line = {f.line: f for f in check_source(script) if f.rule == "loss-keeps-graph"}
    assert "keeps the loss tensor itself" in by_line[23].message and ".append(loss.item())" in by_line[23].fix
    assert "adds up the loss tensor itself" in by_line[22].message and "+= loss.item()" in by_line[22].fix


# An evaluation function of a project's engine module: the model given a dict of tensors spread as its keywords
SPREAD_EVAL = ("import torch\n\n\ndef score_epoch(net, loader):\n    net.eval()\n    total, outs = 0, []\n"
               "    for batch in loader:\n        for name, tensor in batch.items():\n"
               "            batch[name] = tensor.to('cuda')\n{call}\n        total += loss.item()\n"
               "        outs.append(out)\n    return outs, total / len(loader)\n")


@pytest.mark.parametrize("call, expected", [
    ("        out, loss = net(**batch)", [10]),
    ("        out, loss = net(images=batch['images'], targets=batch['targets'])", [10]),
    ("        with torch.no_grad():\n            out, loss = net(**batch)", []),
])
def test_a_model_given_its_batch_as_keywords_is_a_forward_pass(call, expected, tmp_path):
    assert _rules(tmp_path, SPREAD_EVAL.format(call=call), "eval-without-no-grad") == expected


def test_a_function_given_settings_as_keywords_is_no_forward_pass(tmp_path):
    # a beam-search decoder called per image with keyword arguments: a library's function, not a model
    source = ("import torch\nfrom ctcdecode import ctc_beam_search_decoder\n\n\n"
              "def decode(net, loader):\n    texts = []\n    for images in loader:\n"
              "        with torch.no_grad():\n            probs = net(images.cuda()).softmax(2).cpu().numpy()\n"
              "        for i in range(probs.shape[0]):\n"
              "            texts.append(ctc_beam_search_decoder(probs_seq=probs[i], beam_size=25))\n"
              "    return texts\n")
    assert _rules(tmp_path, source, "tensors-kept-across-steps") == []
    assert _rules(tmp_path, source, "eval-without-no-grad") == []


# A policy-gradient episode: each step's log-probability kept with its graph, stacked and returned, and the caller's
# loss of the whole episode backpropagated through them
EPISODE = ("import torch\nfrom torch.distributions import Categorical\n\n\n"
           "def run_episode(policy, env):\n    log_probs, rewards = [], []\n    obs, done = env.reset(), False\n"
           "    while not done:\n        logits = policy(torch.as_tensor(obs))\n"
           "        action = Categorical(logits=logits).sample()\n        log_probs.append(logits[action])\n"
           "        obs, reward, done, _ = env.step(action.item())\n        rewards.append(reward)\n"
           "    return torch.stack(log_probs), rewards\n\n\n"
           "policy, env, history = torch.nn.Linear(4, 2), None, []\n"
           "optimizer = torch.optim.Adam(policy.parameters())\n"
           "for episode in range(1000):\n    log_probs, rewards = run_episode(policy, env)\n{after}\n")


@pytest.mark.parametrize("after, expected", [
    ("    loss = -(log_probs * torch.tensor(rewards)).sum()\n    optimizer.zero_grad()\n    loss.backward()\n"
     "    optimizer.step()", []),
    ("    history.append(log_probs)", [11]),  # kept, never backpropagated: every episode's graph stays
])
def test_an_episodes_log_probabilities_returned_to_a_backward_are_wanted(after, expected, tmp_path):
    assert _rules(tmp_path, EPISODE.format(after=after), "tensors-kept-across-steps") == expected


@pytest.mark.parametrize("call", ["net.forward(images)", "net(images)"])
def test_forward_called_by_hand_on_a_model_from_a_module_not_beside_the_script(call, tmp_path):
    # the RGB-D object classifier (check_heldout102): net = Model() from model.py, which the set does not carry, and
    # its test loop calls net.forward(images) with autograd on
    source = ("import torch\nfrom model import Model\n\nnet = Model().cuda()\n"
              "opt = torch.optim.Adam(net.parameters())\nfor epoch in range(10):\n"
              "    for images, labels in train_loader:\n        loss = crit(net(images.cuda()), labels.cuda())\n"
              "        opt.zero_grad()\n        loss.backward()\n        opt.step()\n"
              "    for images, labels in test_loader:\n        images = images.cuda()\n"
              f"        out = {call}\n")
    assert _rules(tmp_path, source, "eval-without-no-grad") == [14]
