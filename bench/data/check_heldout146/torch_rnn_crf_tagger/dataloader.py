from utils import *

class seq_set():

    _fields = ("raw", "toks", "cx", "wx", "gold")

    def __init__(self):

        self.perm = None
        self.raw = []
        self.toks = []
        self.cx = []
        self.wx = []
        self.gold = []
        self.pred = None
        self.lengths = None
        self.probs = None
        self.attw = None
        self.copy = None

    def sort(self):

        self.perm = list(range(len(self.wx)))
        self.perm.sort(key = lambda x: -len(self.wx[x]))
        cx = [self.cx[i] for i in self.perm]
        wx = [self.wx[i] for i in self.perm]
        gold = [self.gold[i] for i in self.perm]
        lengths = list(map(len, wx))
        return cx, wx, gold, lengths

    def unsort(self):

        self.perm = sorted(range(len(self.raw)), key = lambda x: self.perm[x])
        self.pred = [self.pred[i] for i in self.perm]
        if self.probs:
            self.probs = [self.probs[i] for i in self.perm]
        if self.attw:
            self.attw = [self.attw[i] for i in self.perm]

class seq_loader(seq_set):

    def __init__(self, bfirst = False, hier = False):

        super().__init__()
        self.bfirst = bfirst
        self.hier = hier

    def new_row(self):

        for x in self._fields:
            getattr(self, x).append([])

    def add_entry(self, **fields):

        for key, val in fields.items():
            getattr(self, key)[-1].append(val)

    def dup_row(self):

        for x in self._fields:
            getattr(self, x).append(getattr(self, x)[-1])

    def flatten(self, x):

        if self.hier:
            return [list(x) for x in x for x in x]
        try:
            return [x if type(x[0]) == str else list(*x) for x in x]
        except:
            return [x for x in x for x in x]

    def iter_batches(self, bs):

        if self.hier:
            self.raw = [[x] for x in self.raw]
            self.gold = [[[y[0] if y else None for y in y]] for y in self.gold]

        for i in range(0, len(self.gold), bs):
            mb = seq_set()
            j = i + min(bs, len(self.raw) - i)
            mb.lengths = list(map(len, self.wx[i:j]))
            for x in self._fields:
                setattr(mb, x, self.flatten(getattr(self, x)[i:j]))
            yield mb

    def as_tensors(self, cb = None, wb = None, lengths = None, with_sos = False, with_eos = False):

        pad, beg, end = [PAD_IDX], [SOS_IDX], [EOS_IDX]

        if self.hier and lengths:
            doc_len = max(lengths)
            i, acc_c, acc_w = 0, [], []
            for j in lengths:
                if cb:
                    if with_sos: acc_c.append([[]])
                    acc_c += cb[i:i + j] + [[[]] for _ in range(doc_len - j)]
                    if with_eos: acc_c.append([[]])
                if wb:
                    if with_sos: acc_w.append([])
                    acc_w += wb[i:i + j] + [[] for _ in range(doc_len - j)]
                    if with_eos: acc_w.append([])
                i += j
            cb, wb = acc_c, acc_w

        if wb:
            sent_len = max(map(len, wb))
            wb = [beg * with_sos + x + end * with_eos + pad * (sent_len - len(x)) for x in wb]
            wb = IdxTensor(wb)
            if not self.bfirst:
                wb.transpose_(0, 1)

        if cb:
            word_len = max(max(map(len, x)) for x in cb)
            word_pad = [pad * (word_len + 2)]
            cb = [[beg + x + end + pad * (word_len - len(x)) for x in x] for x in cb]
            cb = [word_pad * with_sos + x + word_pad * (sent_len - len(x) + with_eos) for x in cb]
            cb = IdxTensor(cb)
            if not self.bfirst:
                cb.transpose_(0, 1)

        return cb, wb
