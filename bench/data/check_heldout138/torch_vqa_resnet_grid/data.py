import json
import os
import os.path
import re

from PIL import Image
import h5py
import torch
import torch.utils.data as data
import torchvision.transforms as transforms

import config
import utils


def get_loader(train=False, val=False, test=False):
    """ DataLoader for one split """
    assert train + val + test == 1, 'pick exactly one of train, val, test'
    ds = VQA(
        utils.path_for(train=train, val=val, test=test, question=True),
        utils.path_for(train=train, val=val, test=test, answer=True),
        config.preprocessed_path,
        answerable_only=train,
    )
    loader = torch.utils.data.DataLoader(
        ds,
        batch_size=config.batch_size,
        shuffle=train,  # shuffle only when training
        pin_memory=True,
        num_workers=config.data_workers,
        collate_fn=collate_fn,
    )
    return loader


def collate_fn(batch):
    # longest question first, as packed sequences need it
    batch.sort(key=lambda x: x[-1], reverse=True)
    return data.dataloader.default_collate(batch)


class VQA(data.Dataset):
    """ Open-ended VQA over precomputed CNN grids """
    def __init__(self, questions_path, answers_path, image_features_path, answerable_only=False):
        super(VQA, self).__init__()
        with open(questions_path, 'r') as fh:
            q_json = json.load(fh)
        with open(answers_path, 'r') as fh:
            a_json = json.load(fh)
        with open(config.vocabulary_path, 'r') as fh:
            vocab_json = json.load(fh)
        self._check_alignment(q_json, a_json)

        # vocabularies
        self.vocab = vocab_json
        self.tok2id = self.vocab['question']
        self.ans2id = self.vocab['answer']

        # questions and answers
        self.questions = list(tokenize_questions(q_json))
        self.answers = list(normalize_answers(a_json))
        self.questions = [self._question_ids(q) for q in self.questions]
        self.answers = [self._answer_counts(a) for a in self.answers]

        # images
        self.image_features_path = image_features_path
        self.coco_to_row = self._coco_rows()
        self.coco_ids = [q['image_id'] for q in q_json['questions']]

        # keep only questions with an in-vocabulary answer?
        self.answerable_only = answerable_only
        if self.answerable_only:
            self.answerable = self._answerable_rows()

    @property
    def max_question_length(self):
        if not hasattr(self, '_max_len'):
            self._max_len = max(map(len, self.questions))
        return self._max_len

    @property
    def num_tokens(self):
        return len(self.tok2id) + 1  # id 0 is the unknown token

    def _coco_rows(self):
        """ COCO image id -> row of that image in the h5 file """
        with h5py.File(self.image_features_path, 'r') as fh:
            ids = fh['ids'][()]
        mapping = {cid: r for r, cid in enumerate(ids)}
        return mapping

    def _check_alignment(self, qs, ans):
        """ Make sure questions and answers belong together """
        pairs = list(zip(qs['questions'], ans['annotations']))
        assert all(q['question_id'] == a['question_id'] for q, a in pairs), 'question ids differ'
        assert all(q['image_id'] == a['image_id'] for q, a in pairs), 'image ids differ'
        assert qs['data_type'] == ans['data_type'], 'data types differ'
        assert qs['data_subtype'] == ans['data_subtype'], 'data subtypes differ'

    def _answerable_rows(self):
        """ Rows of questions with at least one answer in the answer vocabulary """
        keep = []
        for r, counts in enumerate(self.answers):
            has_any = len(counts.nonzero()) > 0
            # remember rows that can be learned from
            if has_any:
                keep.append(r)
        return keep

    def _question_ids(self, tokens):
        """ Question tokens -> padded id vector and its length """
        vec = torch.zeros(self.max_question_length).long()
        for k, t in enumerate(tokens):
            tid = self.tok2id.get(t, 0)
            vec[k] = tid
        return vec, len(tokens)

    def _answer_counts(self, answers):
        """ Human answers -> count vector over the answer vocabulary """
        # each entry counts how many of the annotators gave that answer;
        # the loss multiplies it by 0.1 times the negative log-likelihood
        # and sums over the vocabulary
        counts = torch.zeros(len(self.ans2id))
        for a in answers:
            aid = self.ans2id.get(a)
            if aid is not None:
                counts[aid] += 1
        return counts

    def _grid(self, image_id):
        """ CNN grid of one image """
        if not hasattr(self, 'features_file'):
            # opened lazily so that every DataLoader worker gets its
            # own handle after the fork; one shared handle breaks
            # reads, separate handles are fine.
            self.features_file = h5py.File(self.image_features_path, 'r')
        r = self.coco_to_row[image_id]
        grids = self.features_file['features']
        g = grids[r].astype('float32')
        return torch.from_numpy(g)

    def __getitem__(self, item):
        if self.answerable_only:
            # map into the answerable subset
            item = self.answerable[item]

        q, q_len = self.questions[item]
        a = self.answers[item]
        image_id = self.coco_ids[item]
        v = self._grid(image_id)
        # batches get re-sorted by question length, so the row index
        # goes along to recover the original order later
        # (without shuffling it matches the json order)
        return v, q, a, item, q_len

    def __len__(self):
        if self.answerable_only:
            return len(self.answerable)
        else:
            return len(self.questions)


# strips question characters
_not_alnum = re.compile('[^a-z0-9 ]*')

# mimic the official answer normalisation
_period_strip = re.compile(r'(?!<=\d)(\.)(?!\d)')
_comma_strip = re.compile(r'(\d)(,)(\d)')
_punct_chars = re.escape(r';/[]"{}()=+\_-><@`,?!')
_punct = re.compile(r'([{}])'.format(re.escape(_punct_chars)))
_punct_spaced = re.compile(r'(?<= )([{0}])|([{0}])(?= )'.format(_punct_chars))


def tokenize_questions(q_json):
    """ Lower-case and split the questions of a VQA question json. """
    texts = [q['question'] for q in q_json['questions']]
    for t in texts:
        t = t.lower()[:-1]
        yield t.split(' ')


def normalize_answers(a_json):
    """ Normalise the human answers of a VQA annotation json. """
    all_answers = [[a['answer'] for a in entry['answers']] for entry in a_json['annotations']]
    # the evaluation code applies punctuation handling to both the
    # predicted and the human answers, so that is all we do here;
    # other normalisation steps are skipped because predictions are
    # drawn from the frequent human answers anyway.
    # see the VQA evaluation page and
    # the official vqaEval.py
    # for the reference behaviour

    def fix_punct(s):
        # reproduces quirks of the reference code on purpose;
        # regexes instead of repeated string replaces
        if _punct.search(s) is None:
            return s
        s = _punct_spaced.sub('', s)
        if re.search(_comma_strip, s) is not None:
            s = s.replace(',', '')
        s = _punct.sub(' ', s)
        s = _period_strip.sub('', s)
        return s.strip()

    for lst in all_answers:
        yield list(map(fix_punct, lst))


class CocoImages(data.Dataset):
    """ COCO images of one folder """
    def __init__(self, path, transform=None):
        super(CocoImages, self).__init__()
        self.path = path
        self.id_to_file = self._scan()
        self.sorted_ids = sorted(self.id_to_file.keys())  # fixed order
        print('{} images under {}'.format(len(self), self.path))
        self.transform = transform

    def _scan(self):
        found = {}
        for fname in os.listdir(self.path):
            if not fname.endswith('.jpg'):
                continue
            tail = fname.split('_')[-1]
            cid = int(tail.split('.')[0])
            found[cid] = fname
        return found

    def __getitem__(self, item):
        cid = self.sorted_ids[item]
        path = os.path.join(self.path, self.id_to_file[cid])
        img = Image.open(path).convert('RGB')

        if self.transform is not None:
            img = self.transform(img)
        return cid, img

    def __len__(self):
        return len(self.sorted_ids)


class Composite(data.Dataset):
    """ Several datasets read as one, e.g. train plus val. """
    def __init__(self, *datasets):
        self.datasets = datasets

    def __getitem__(self, item):
        first = self.datasets[0]
        for d in self.datasets:
            if item < len(d):
                return d[item]
            item -= len(d)
        else:
            raise IndexError('index past the end of the composite')

    def __len__(self):
        return sum(map(len, self.datasets))
