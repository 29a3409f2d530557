import os
import json
from tqdm import tqdm
from pathlib import Path
from argparse import ArgumentParser

import torch
import torch.multiprocessing as mp
import torch.distributed as dist
from torch.utils.data import DataLoader

from transformers import AdamW
from transformers import BertForQuestionAnswering
from transformers import BertTokenizer, BertTokenizerFast

qa_root = './data/squad/v2.0'
PER_GPU_BATCH = 8

def load_qa_file(fname):
    fname = Path(fname)
    with open(fname, 'rb') as fh:
        raw = json.load(fh)

    passages = []
    queries = []
    golds = []
    for article in raw['data']:
        for para in article['paragraphs']:
            passage = para['context']
            for item in para['qas']:
                query = item['question']
                for gold in item['answers']:
                    passages.append(passage)
                    queries.append(query)
                    golds.append(gold)

    return passages, queries, golds



def set_char_end(golds, passages):
    for gold, passage in zip(golds, passages):
        span_text = gold['text']
        s = gold['answer_start']
        e = s + len(span_text)

        # a few gold offsets are shifted by one or two characters
        if passage[s:e] == span_text:
            gold['answer_end'] = e
        elif passage[s-1:e-1] == span_text:
            gold['answer_start'] = s - 1
            gold['answer_end'] = e - 1     # shifted by one
        elif passage[s-2:e-2] == span_text:
            gold['answer_start'] = s - 2
            gold['answer_end'] = e - 2     # shifted by two


def set_token_spans(enc, golds, tok):
    starts = []
    ends = []
    for k in range(len(golds)):
        starts.append(enc.char_to_token(k, golds[k]['answer_start']))
        ends.append(enc.char_to_token(k, golds[k]['answer_end'] - 1))
        # the span fell off the truncated passage
        if starts[-1] is None:
            starts[-1] = tok.model_max_length
        if ends[-1] is None:
            ends[-1] = tok.model_max_length
    enc.update({'start_positions': starts, 'end_positions': ends})


def build_encodings(root):
    tr_passages, tr_queries, tr_golds = \
        load_qa_file(os.path.join(qa_root, 'train-v2.0.json'))
    dv_passages, dv_queries, dv_golds = \
        load_qa_file(os.path.join(qa_root, 'dev-v2.0.json'))

    set_char_end(tr_golds, tr_passages)
    set_char_end(dv_golds, dv_passages)

    # word-piece tokenizer
    print('tokenizer ...')
    tok = BertTokenizerFast.from_pretrained('bert-large-uncased', \
            do_lower_case=True)

    tr_enc = tok(tr_passages, tr_queries, \
            truncation=True, padding=True)
    dv_enc   = tok(dv_passages, dv_queries, truncation=True, \
            padding=True)

    set_token_spans(tr_enc, tr_golds, tok)
    set_token_spans(dv_enc, dv_golds, tok)

    return tr_enc, dv_enc


class QAEncodedSet(torch.utils.data.Dataset):
    def __init__(self, enc):
        self.enc = enc

    def __getitem__(self, i):
        return {name: torch.tensor(col[i]) for name, col in self.enc.items()}

    def __len__(self):
        return len(self.enc.input_ids)

#print('batches ', len(tr_loader))

def worker(gpu, args):
    args.gpu = gpu
    # global rank of this process
    grank = args.local_ranks * args.ngpus + gpu
    print('global rank:',grank)


    # bind this process to its card
    torch.cuda.set_device(args.gpu)

    tr_enc, dv_enc = build_encodings(qa_root)
    tr_set = QAEncodedSet(tr_enc)
    dv_set   = QAEncodedSet(dv_enc)

    # each rank sees its own shard
    shard = torch.utils.data.distributed.DistributedSampler(
        tr_set, num_replicas=args.world_size, rank=grank
    )

    tr_loader = torch.utils.data.DataLoader(
        tr_set,
        batch_size  = PER_GPU_BATCH,
        shuffle     = (shard is None),
        num_workers = 4,
        sampler     = shard,
    )

    os.environ['MASTER_ADDR'] = 'localhost'
    os.environ['MASTER_PORT'] = '29500'
    # rendezvous through environment variables
    # (address and port set just above)
    # a tcp:// init_method string would work too
    # and the backend is nccl
    # see the torch.distributed docs for details
    # 

    dist.init_process_group(
        backend='nccl',
        init_method='env://',
        world_size=args.world_size,
        rank=grank
    )
    torch.manual_seed(0)
    # same seed everywhere so every replica
    # starts from identical weights
    # 
    # 
    # 

    net = BertForQuestionAnswering.from_pretrained(
        "bert-base-uncased", # base model
        #"bert-large-uncased", # large model
    )
    net = net.cuda(args.gpu)
    net = torch.nn.parallel.DistributedDataParallel(
        net, device_ids=[args.gpu])

    # optimiser
    opt = AdamW(net.parameters(), lr=5e-5)


    for ep in range(3):
        print('epoch ', ep)
        for k, batch in enumerate(tqdm(tr_loader)):
            opt.zero_grad()
            ids = batch['input_ids'].to(device)
            mask = batch['attention_mask'].to(device)
            s_pos = batch['start_positions'].to(device)
            e_pos = batch['end_positions'].to(device)
            out = net(ids, attention_mask=mask, \
                 start_positions=s_pos, end_positions=e_pos)
            loss = out[0]
            loss.backward()
            opt.step()

    #net.eval()

if __name__ == '__main__':
    ap = ArgumentParser()
    ap.add_argument('--nodes',       default=1, type=int)
    ap.add_argument('--local_ranks', default=0, type=int, help="index of this node")
    ap.add_argument('--ngpus',       default=1, type=int, help='cards per node')

    args = ap.parse_args()

    args.world_size           = args.ngpus * args.nodes
    os.environ['WORLD_SIZE']  = str(args.world_size)
    #os.environ['MASTER_ADDR'] = 'localhost'
    #os.environ['MASTER_PORT'] = '12355'

    #mp.spawn(worker, nprocs=args.ngpus, args=(args,))
    mp.spawn(worker, nprocs=args.ngpus, args=(args,), join=True)
