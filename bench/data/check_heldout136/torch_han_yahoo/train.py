import time
import torch
import torch.backends.cudnn as cudnn
import torch.optim as optim
from model import HierarchialAttentionNetwork
from utils import *
from datasets import DocSentenceSet


prep_dir = './prepared_yahoo'
w2v_path = os.path.join(prep_dir, 'word2vec_model')
with open(os.path.join(prep_dir, 'word_map.json'), 'r') as fh:
    vocab = json.load(fh)


num_labels = len(label_map)
w_gru = 50
s_gru = 50
w_layers = 1
s_layers = 1
w_att = 100
s_att = 100
drop_p = 0.3
tune_emb = True


first_ep = 0
bs = 64
step_size = 1e-3
mom = 0.9
loader_procs = 4
n_epochs = 2
clip_at = None
log_every = 2000
resume = None

dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")

cudnn.benchmark = True


def entry():
    """

"""
    global resume, first_ep, vocab


    if resume is not None:
        resume = torch.load(resume)
        han = resume['model']
        adam = resume['optimizer']
        vocab = resume['word_map']
        first_ep = resume['epoch'] + 1
        print(
            '\nresumed after epoch %d\n' % (first_ep - 1))
    else:
        emb_matrix, emb_dim = load_word2vec_embeddings(w2v_path, vocab)

        han = HierarchialAttentionNetwork(n_classes=num_labels,
                                            vocab_size=len(vocab),
                                            emb_size=emb_dim,
                                            word_rnn_size=w_gru,
                                            sentence_rnn_size=s_gru,
                                            word_rnn_layers=w_layers,
                                            sentence_rnn_layers=s_layers,
                                            word_att_size=w_att,
                                            sentence_att_size=s_att,
                                            dropout=drop_p)
        han.sentence_attention.word_attention.init_embeddings(
            emb_matrix)
        han.sentence_attention.word_attention.fine_tune_embeddings(tune_emb)
        adam = optim.Adam(params=filter(lambda p: p.requires_grad, han.parameters()), lr=step_size)


    xent = nn.CrossEntropyLoss()


    han = han.to(dev)
    xent = xent.to(dev)


    doc_loader = torch.utils.data.DataLoader(DocSentenceSet(prep_dir, 'train'), batch_size=bs, shuffle=True,
                                               num_workers=loader_procs, pin_memory=True)


    for ep in range(first_ep, n_epochs):

        one_epoch(doc_loader=doc_loader,
              han=han,
              xent=xent,
              adam=adam,
              ep=ep)


        adjust_learning_rate(adam, 0.1)


        save_checkpoint(ep, han, adam, vocab)


def one_epoch(doc_loader, han, xent, adam, ep):
    """







"""

    han.train()

    t_batch = AverageMeter()
    t_data = AverageMeter()
    loss_meter = AverageMeter()
    acc_meter = AverageMeter()

    t_prev = time.time()


    for step, (docs_b, n_sents, n_words, y_b) in enumerate(doc_loader):

        t_data.update(time.time() - t_prev)

        docs_b = docs_b.to(dev)
        n_sents = n_sents.squeeze(1).to(dev)
        n_words = n_words.to(dev)
        y_b = y_b.squeeze(1).to(dev)


        logits, w_alpha, s_alpha = han(docs_b, n_sents,
                                                     n_words)


        ce = xent(logits, y_b)


        adam.zero_grad()
        ce.backward()


        if clip_at is not None:
            clip_gradient(adam, clip_at)


        adam.step()


        _max, pred = logits.max(dim=1)
        n_right = torch.eq(pred, y_b).sum().item()
        acc_now = n_right / y_b.size(0)


        loss_meter.update(ce.item(), y_b.size(0))
        t_batch.update(time.time() - t_prev)
        acc_meter.update(acc_now, y_b.size(0))

        t_prev = time.time()


        if step % log_every == 0:
            print('ep {0} batch {1}/{2}  '
                  'step s {batch_time.val:.3f} (mean {batch_time.avg:.3f})  '
                  'io s {data_time.val:.3f} (mean {data_time.avg:.3f})  '
                  'xent {loss.val:.4f} (mean {loss.avg:.4f})  '
                  'acc {acc.val:.3f} (mean {acc.avg:.3f})'.format(ep, step, len(doc_loader),
                                                                  batch_time=t_batch,
                                                                  data_time=t_data, loss=loss_meter,
                                                                  acc=acc_meter))


if __name__ == '__main__':
    entry()

