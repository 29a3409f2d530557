import os
from multiprocessing import cpu_count

import torch
import torch.nn as nn
import torch.nn.functional as F
from gensim.models import KeyedVectors
from torch.autograd import Variable
from torch.cuda import manual_seed
from torch.nn import GRU, Linear, Embedding, Dropout, BatchNorm1d, BCEWithLogitsLoss, CrossEntropyLoss
from torch.optim import Adam
from torch.utils.data import DataLoader

from dataset.vqa_dataset import VqaDataset, DataType
from embedder.image_embedder import ImageEmbedder
from embedder.sentence_embedder import SentenceEmbedder
from net.gated_hyperbolic_tangent import GatedHyperbolicTangent
from util.preprocess import to_module, save_checkpoint


def make_run_dir(batch_size: int, base: str = "../models"):
    path = "{}/batch-{}-models".format(base, batch_size)
    if not os.path.exists(path):
        os.makedirs(path)
    return path


def load(ckpt: str, info, use_cuda=True):
    state = torch.load(ckpt)
    state = state["state_dict"]
    state = to_module(state)
    net = Network(info["question_vocab_size"] + 1, info["answer_vocab_size"] + 1)
    net.load_state_dict(state)
    if use_cuda:
        net = net.cuda()
    net.eval()
    return net


def predict(net, info, question, image_path):
    img_enc = ImageEmbedder("")
    txt_enc = SentenceEmbedder(info["question_vocab"])
    image = img_enc.embed(image_path)
    image = image.unsequeeze(0)
    question = txt_enc.embed(question)
    question = question.unsequeeze(0)
    scores = net(question, image)
    scores = scores.sequeeze(0).view(info["answer_vocab_size"])
    _, best = scores.data.topk(10)
    best = best.view(10)
    words = info["answer_vocab"]
    return [words[b] for b in best if b != 0]


def init_word_vectors(kv_model, vocab) -> torch.FloatTensor:
    n = len(vocab)
    table = torch.randn(n + 1, 300)
    for i in range(1, n + 1):
        try:
            table[i, :] = torch.from_numpy(kv_model[vocab[i - 1]]).view(1, 300)
        except:
            table[i, :] = torch.zeros(1, 300)
    return table


def init_word_images(root: str, vocabs) -> torch.FloatTensor:
    from util.vocab_images_features_extractor import VocabImagesFeaturesExtractor
    ext = VocabImagesFeaturesExtractor()
    return ext.load(root, vocabs)


class Network(nn.Module):
    def __init__(self, q_vocab: int, a_vocab: int, max_q_len: int = 14,
                 init_word_weights=None,
                 word_dim: int = 300,
                 n_regions: int = 36, region_dim: int = 2048, hidden: int = 512,
                 init_out_text=None, init_out_image=None, reg: bool = False):
        super().__init__()
        self.n_regions = n_regions
        self.max_q_len = max_q_len
        self.hidden = hidden
        self.word_dim = word_dim
        self.embedding = Embedding(q_vocab, word_dim, padding_idx=-1)
        self.reg = reg
        if init_word_weights is not None:
            self.embedding.weight.data.copy_(init_word_weights)
        self.gru = GRU(word_dim, hidden)
        # gate on the question vector
        self.question_ght = GatedHyperbolicTangent(hidden, hidden)
        # gate on question+region features
        self.fusion_ght = GatedHyperbolicTangent(hidden + region_dim, hidden)
        self.attention_layer = Linear(hidden, 1)
        # gate on the attended image vector
        self.v_ght = GatedHyperbolicTangent(region_dim, hidden)
        # gate before the classifier
        self.output_ght = GatedHyperbolicTangent(hidden, hidden)
        if reg:
            # optional normalisation and dropout
            self.batch_norm1, self.batch_norm2 = BatchNorm1d(n_regions), BatchNorm1d(
                region_dim)
            self.dropout = Dropout(p=0.5)

        # classifier
        self.output_modified = init_out_text is not None
        if self.output_modified:
            self.output_image_ght = GatedHyperbolicTangent(hidden, region_dim)
            self.output_image = Linear(region_dim, a_vocab)
            self.output_image.weight.copy_(init_out_image)
            self.output_text_ght = GatedHyperbolicTangent(hidden, word_dim)
            self.output_text = Linear(word_dim, a_vocab)
            self.output_text.weight.copy_(init_out_text)
        else:
            self.output = Linear(hidden, a_vocab)

    def forward(self, question, image):
        # question vector
        h = self.encode_question(question)
        q = self.question_ght(h)
        # unit-length region features
        image = F.normalize(image, dim=-1)
        # joint per-region features
        joint = self.fuse(h, image)
        # attention over regions
        v = self.attend(joint, image)
        # elementwise product of the two modalities
        # combined vector
        z = torch.mul(q, v)  # (batch, hidden)
        if self.reg:
            z = self.dropout(z)
        # scores
        return self.out(z)

    def encode_question(self, question):
        vecs = self.embedding(
            question)  # (batch, max_q_len, word_dim)
        out, last = self.gru(vecs.permute(1, 0, 2))
        last = last[-1]  # (batch, hidden)
        return last

    def fuse(self, h, image):
        # tile the question vector per region
        tiled = h.repeat(1,
                                   self.n_regions)  # (batch, n_regions * hidden)
        tiled = tiled.view(-1, self.n_regions,
                                     self.hidden)  # (batch, n_regions, hidden)
        joint = torch.cat((image, tiled),
                                    -1)  # (batch, n_regions, hidden + region_dim)
        # print_size("joint", joint)
        joint = self.fusion_ght(joint)  # (batch, n_regions, hidden)
        if self.reg:
            joint = self.batch_norm1(joint)
        return joint

    def attend(self, joint, image):
        att = self.attention_layer(joint)
        att = F.softmax(att.squeeze(), dim=-1)  # (batch, n_regions)
        w = att.unsqueeze(1)
        v = torch.bmm(w, image).squeeze()  # (batch, region_dim)
        if self.reg:
            v = self.batch_norm2(v)
        v = self.v_ght(v)
        return v

    def out(self, z):
        if not self.output_modified:
            z = self.output_ght(z)
            z = self.output(z)
        else:
            img_part = self.output_image_ght(z)
            img_part = self.output_image(img_part)
            txt_part = self.output_text_ght(z)
            txt_part = self.output_text(txt_part)
            z = img_part + txt_part
        return z


if __name__ == '__main__':
    manual_seed(1000)
    root = "/data/vqa"
    max_q_len = 14
    single_label, modified_output, glove, reg = True, False, True, False
    batch_size = 512
    run_dir = make_run_dir(batch_size)
    ds = VqaDataset(root, single_label, type=DataType.ALL, max_q_len=max_q_len)
    loader = DataLoader(ds, batch_size=batch_size, shuffle=True, num_workers=cpu_count())
    kv_path = "/data/vqa/wiki.en.genism" if not glove else "/data/vqa/gensim_glove_vectors.txt"
    kv_model = KeyedVectors.load(kv_path) if not glove else KeyedVectors.load_word2vec_format(
        kv_path)
    word_weights = init_word_vectors(kv_model, ds.questions_vocab())
    out_text, out_image = None, None
    print("weights initialised")
    if modified_output:
        words = ds.answers_vocab()
        out_text = init_word_vectors(kv_model, words)
        out_image = init_word_images(root, words)
    net = Network(ds.q_vocab_size + 1,
                  ds.a_vocab_size + 1,
                  max_q_len=max_q_len,
                  init_word_weights=word_weights,
                  init_out_text=out_text,
                  init_out_image=out_image,
                  reg=reg)
    net = net.cuda()
    crit = (BCEWithLogitsLoss() if not single_label else CrossEntropyLoss()).cuda()
    # crit = VqaLoss().cuda()
    opt = Adam(filter(lambda p: p.requires_grad, net.parameters()), lr=0.001)
    epochs = 20
    print("training")
    n_batches = ds.number_of_questions() / batch_size
    for epoch in range(epochs):
        run_loss, run_hits = 0, 0
        for b, (qs, feats, targets) in enumerate(loader, 0):
            qs, feats, targets = Variable(qs.cuda()), Variable(
                feats.cuda()), Variable(targets.cuda())
            logits = net(qs, feats)
            loss = crit(logits, targets)
            if not single_label:
                _, want = torch.max(targets.data, 1)
                _, got = torch.max(logits.data, 1)
                ok = torch.eq(want, got).sum()
            else:
                _, top = logits.data.max(1)
                gold = targets.data
                ok = torch.eq(top, gold).sum()
            run_hits += ok
            run_loss += loss.data[0]
            opt.zero_grad()
            loss.backward()
            opt.step()
        save_checkpoint({
            'epoch': epoch + 1,
            'state_dict': net.state_dict(),
            'optimizer': opt.state_dict(),
        }, epoch, run_dir)
        print('Epoch {} finished, mean loss: {}, mean accuracy: {}%'.format(
            epoch + 1, run_loss / n_batches, run_hits * 100 / (n_batches * batch_size)))
