import logging

import torch
from torch.utils.data import DataLoader
from transformers import DistilBertModel, AdamW

from dataset import SpanDataset
from model import SpanHeadModel
from preprocess import SpanPreprocessor, PlausibleSpanPreprocessor

logging.basicConfig(level=logging.INFO)


def fit(preprocessor, base_model, frac_train_data, frac_val_data, batch_size=8, n_epoch=10, log_every=1,
                eval_every=10,
                save_every=300, checkpoint_fn=None, force_cpu=False, save_model_prefix=""
                ) -> None:
    """
    Fine-tune a transformer backbone with a custom span head.

    Parameters
    ----------
    preprocessor (SpanPreprocessor, PlausibleSpanPreprocessor) - the preprocessing class.
    base_model (nn.Module) - the model class to build.
    frac_train_data (float) - share of train paragraphs kept at random, to save memory.
    frac_val_data (float) - share of dev paragraphs kept at random.
    batch_size (int) - train batch size.
    n_epoch (int) - number of epochs.
    log_every (int) - how often to print the train loss.
    eval_every (int) - how often to print a dev loss.
    save_every (int) - how often to write a checkpoint.
    checkpoint_fn (None or str) - a checkpoint file to resume from.
    force_cpu - stay on the CPU even where CUDA is found, for GPUs the
                current build no longer supports
    save_model_prefix (str) - prefix for checkpoint names
    """

    pp = preprocessor()
    tr_enc, va_enc = pp.get_encodings(random_sample_train=frac_train_data, random_sample_val=frac_val_data,
                                          return_tensors="pt")

    tr_ds = SpanDataset(tr_enc)
    va_ds = SpanDataset(va_enc)

    tr_dl = DataLoader(tr_ds, batch_size=batch_size, shuffle=True)
    va_dl = DataLoader(va_ds, batch_size=64, shuffle=True)

    bb = DistilBertModel.from_pretrained('distilbert-base-uncased', return_dict=True)

    # optionally freeze the embeddings
    # for n, p in bb.named_parameters():
    #     if n.startswith('embeddings'):
    #         p.requires_grad = False
    if force_cpu:
        dev = torch.device("cpu")
    else:
        dev = torch.device('cuda') if torch.cuda.is_available() else torch.device('cpu')  # cpu fallback

    ep = 0
    it = 0
    va_loss = 1000

    if checkpoint_fn is not None:
        ckpt = torch.load(checkpoint_fn, map_location=dev)
        ep = ckpt['epoch'] - 1.0
        it = ckpt['train_iter']
    else:
        ckpt = None

    net = base_model(transformer_model=bb, device=dev)

    if ckpt:
        net.load_state_dict(ckpt['model_state_dict'])

    # opt = torch.optim.Adam(net.parameters(), lr = 0.0002)
    logging.info(f"device: {dev}")

    net.to(dev)
    net.train()

    opt = AdamW(net.parameters(), lr=5e-5)  # SGD with momentum was tried too
    if ckpt:
        opt.load_state_dict(ckpt['optimizer_state_dict'])

    while ep < n_epoch:
        ep += 1

        for mb in tr_dl:
            it += 1
            opt.zero_grad()
            outs = net(mb)
            loss = net.compute_loss(*outs)
            loss.backward()
            opt.step()

            if it % log_every == 0:
                print('train: ep %d, it %d, loss %.2f' % (ep, it, loss))

            if it % eval_every == 0:
                with torch.no_grad():  # no graph for the dev batch
                    net.eval()
                    va_mb = next(iter(va_dl))
                    outs = net(va_mb)
                    va_loss = net.compute_loss(*outs)
                    print('\ndev: ep %d, it %d, loss %.2f\n' % (ep, it, va_loss))
                    net.train()

            if it % save_every == 0:
                net.save(f"model_checkpoint/{save_model_prefix}_model_{it}.pt", train_iter=it,
                           epoch=ep,
                           optimizer=opt,
                           train_loss=loss, eval_loss=va_loss)


if __name__ == '__main__':
    # main span model
    fit(preprocessor=PlausibleSpanPreprocessor, base_model=SpanHeadModel, frac_val_data=0.025, frac_train_data=0.025,
                save_model_prefix="plausible",
                force_cpu=True)

    # answerable classifier

    # fit(preprocessor=AnswerableClassifierPreprocessor, base_model=AnswerableClassifierModel, frac_val_data=0.025,
    #             frac_train_data=0.025, save_model_prefix="classifier", force_cpu=True)
