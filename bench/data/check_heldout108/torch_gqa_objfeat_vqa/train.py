from tqdm import tqdm
import os
import time
import torch
import torch.nn as nn
from gqa_data import GQAQuestions, img_tf, pad_batch
from torch.utils.data import DataLoader
import word_vectors as wv
from obj_attention import AttnVQA
from torch.autograd import Variable
import misc


dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
if torch.cuda.is_available():
    print('using the GPU')


def run_training(n_epochs, bs):
    stamp = time.strftime('%Y_%m_%d_%H_%M', time.localtime(time.time()))
    log = misc.Logger(os.path.join('out', 'run_'+stamp+'.txt'))
    # log.write(f'{stamp} bs {bs}')
    n_tokens = wv.vocab_size
    n_answers = wv.answer_size
    tr_ds = GQAQuestions(root='data', split='train')
    va_ds = GQAQuestions(root='data', split='val')
    tr_dl = DataLoader(tr_ds, batch_size=bs, shuffle=True, collate_fn=pad_batch, drop_last=True)
    va_dl = DataLoader(va_ds, batch_size=bs, shuffle=True, collate_fn=pad_batch, drop_last=True)
    # progress bar over the loader
    it = iter(tr_dl)
    bar = tqdm(it)
    model = AttnVQA(out_features=n_answers).to(dev)
    with open('checkpoint/exp_3/checkpoint_1.pth', 'rb') as fh:
        model.load_state_dict(torch.load(fh, map_location=dev))
        log.write('weights restored')
    opt = torch.optim.Adam(model.parameters(), lr=1e-4)
    crit = nn.CrossEntropyLoss()
    # nn.utils.clip_grad_norm(model.parameters(), 0.25)

    def _evaluate(va_dl):
        hits, seen = 0.0, 0
        for feats, qs, qlen, ans in va_dl:
            feats, qs, ans = (
                feats.to(dev),
                qs.to(dev),
                ans.to(dev),
            )
            pred = model(feats, qs)
            hits += (pred.detach().argmax(dim=1) == ans).sum().item()
            seen += ans.shape[0]
        if seen <= 0:
            print('empty validation loader')
            return 0.0
        return hits / seen

    for ep in range(n_epochs):
        run_loss = 0.0
        hits = 0.0
        seen = 0
        t0 = time.time()
        for feats, qs, qlen, ans in tr_dl:
            feats, qs, ans = (
                feats.to(dev),
                qs.to(dev),
                ans.to(dev),
            )
            model.train()
            model.zero_grad()
            pred = model(feats, qs)
            err = crit(pred, ans)
            err.backward()
            opt.step()
            run_loss += err.item()
            hits += (pred.detach().argmax(dim=1) == ans).sum().item()
            seen += ans.shape[0]
            # if seen < 36:
                # log.write('batch time {} s'.format(time.time()-t0))
            if seen%32000 == 0:
                frac = hits / seen
                log.write('%d-loss/n:%.3f;acc:%.4f;min:%.2f'%(seen,run_loss/seen, frac, (time.time()-t0)/60))
                if seen % 160000 == 0:
                    part = seen//160000
                    torch.save(model.state_dict(), 'checkpoint/attn_part_{}.pth'.format(part))
        model.eval()
        log.write('evaluating...')
        with torch.no_grad():
            va_acc = _evaluate(va_dl)
        log.write('Epoch #%d, Loss:%.3f, Train Acc: %.4f, Val Acc:%.4f'%(ep,run_loss/seen,hits/seen,va_acc))
        print('Epoch #%d, Loss:%.3f, Train Acc: %.4f, Val Acc:%.4f'%(ep,run_loss/seen,hits/seen,va_acc))
        try:
            torch.save(model.state_dict(), 'checkpoint/attn_epoch{}.pth'.format(ep+2))
        except:
            print('checkpoint not written.')
    torch.save(model.state_dict(), 'checkpoint/attn_final.pth')


if __name__ == '__main__':
    run_training(10, 32)


