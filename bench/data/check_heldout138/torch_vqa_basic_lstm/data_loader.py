import os
import numpy as np
import torch
import torch.utils.data as data
import torchvision.transforms as transforms
from PIL import Image
from utils import text_helper


class QADataset(data.Dataset):

    def __init__(self, root, records_file, max_q_len=30, max_answers=10, transform=None):
        self.root = root
        self.records = np.load(root+'/'+records_file)
        self.q_vocab = text_helper.VocabDict(root+'/vocab_questions.txt')
        self.a_vocab = text_helper.VocabDict(root+'/vocab_answers.txt')
        self.max_q_len = max_q_len
        self.max_answers = max_answers
        self.has_answers = ('valid_answers' in self.records[0]) and (self.records[0]['valid_answers'] is not None)
        self.transform = transform

    def __getitem__(self, i):

        recs = self.records
        q_vocab = self.q_vocab
        a_vocab = self.a_vocab
        max_q_len = self.max_q_len
        max_answers = self.max_answers
        transform = self.transform
        has_answers = self.has_answers

        img = recs[i]['image_path']
        img = Image.open(img).convert('RGB')
        q_ids = np.array([q_vocab.word2idx('<pad>')] * max_q_len)  # filled with the pad id
        q_ids[:len(recs[i]['question_tokens'])] = [q_vocab.word2idx(w) for w in recs[i]['question_tokens']]
        item = {'image': img, 'question': q_ids}

        if has_answers:
            a_ids = [a_vocab.word2idx(w) for w in recs[i]['valid_answers']]
            a_pick = np.random.choice(a_ids)
            item['answer_label'] = a_pick         # training target

            mc = list([-1] * max_answers)       # -1 pads, never a real answer id
            mc[:len(a_ids)] = a_ids         # so it can never be predicted
            item['answer_multi_choice'] = mc  # used for the multiple-choice metric

        if transform:
            item['image'] = transform(item['image'])

        return item

    def __len__(self):

        return len(self.records)


def build_loaders(root, train_file, valid_file, max_q_len, max_answers, batch_size, num_workers):

    tfm = {
        split: transforms.Compose([transforms.ToTensor(),
                                   transforms.Normalize((0.485, 0.456, 0.406),
                                                        (0.229, 0.224, 0.225))]) 
        for split in ['train', 'valid']}

    sets = {
        'train': QADataset(
            root=root,
            records_file=train_file,
            max_q_len=max_q_len,
            max_answers=max_answers,
            transform=tfm['train']),
        'valid': QADataset(
            root=root,
            records_file=valid_file,
            max_q_len=max_q_len,
            max_answers=max_answers,
            transform=tfm['valid'])}

    loaders = {
        split: torch.utils.data.DataLoader(
            dataset=sets[split],
            batch_size=batch_size,
            shuffle=True,
            num_workers=num_workers)
        for split in ['train', 'valid']}

    return loaders
