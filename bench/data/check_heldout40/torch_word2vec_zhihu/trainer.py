#encoding:utf-8
import time
import numpy as np
import torch
from tqdm import tqdm
from progressbar import ProgressBar
from train_utils import model_device

# wraps the training loop
class Fitter(object):
    def __init__(self,model,
                 n_epochs,
                 log,
                 gpus,
                 vocab,
                 ckpt_path,
                 vec_path,
                 corpus,
                 optimizer,
                 scheduler,
                 monitor,
                 verbose = 1):
        self.model            = model
        self.corpus           = corpus
        self.n_epochs         = n_epochs
        self.optimizer        = optimizer
        self.log              = log
        self.verbose          = verbose
        self.monitor          = monitor
        self.scheduler        = scheduler
        self.gpus             = gpus
        self.vocab            = vocab
        self.vec_path         = vec_path
        self.ckpt_path        = ckpt_path
        self._setup()

    def _setup(self):
        self.bar               = ProgressBar(loss_name='loss',n_batch=len(self.vocab)* 50 )
        self.model,self.device = model_device(n_gpu=self.gpus,model = self.model,logger = self.log)
        self.first_epoch = 1

    def summary(self):
        trainable = filter(lambda p: p.requires_grad, self.model.parameters())
        n_params = sum([np.prod(p.size()) for p in trainable])
        # parameter count in millions
        self.log.info('trainable parameters: {:4}M'.format(n_params / 1000 / 1000))
        # the model layout
        self.log.info(self.model)

    # checkpoint dictionary
    def _state(self):
        ckpt = {
            'epoch': self.n_epochs,
            'state_dict': self.model.state_dict(),
            'optimizer': self.optimizer.state_dict(),
        }
        return ckpt

    # write the checkpoint and the word vectors
    def save(self):
        idx2tok = {value:key for key ,value in self.vocab.items()}
        ckpt = self._state()
        torch.save(ckpt, self.ckpt_path)
        self.log.info('writing word vectors')
        weights = self.model.v_embedding_matrix.weight.data
        with open(self.vec_path, "w", encoding="utf-8") as out:
            if self.device=='cpu':
                table = weights.numpy()
            else:
                table = weights.cpu().numpy()
            for i in tqdm(range(len(table)),desc = 'write vectors'):
                tok  = idx2tok[i]
                row = table[i]
                row = [str(s) for s in row.tolist()]
                text_line = tok + " " + " ".join(row)+"\n"
                out.write(text_line)

    # one pass over the corpus
    def _one_epoch(self):
        self.model.train()
        step = 0
        if self.device == 'cpu':
            tensor_cls = torch.LongTensor
        else:
            tensor_cls = torch.cuda.LongTensor
        stream = self.corpus.pairs()
        for centres,ctx,neg_centres,negs in stream:
            t0 = time.time()
            centres = tensor_cls(centres).to(self.device)
            ctx = tensor_cls(ctx).to(self.device)
            neg_centres = tensor_cls(neg_centres).to(self.device)
            negs = tensor_cls(negs).to(self.device)
            self.optimizer.zero_grad()
            loss = self.model(centres, ctx, neg_centres, negs)
            loss.backward()
            self.optimizer.step()
            step += 1
            if self.verbose >= 1:
                self.bar.step(batch_idx=step,loss =loss.item(),
                                      use_time=time.time() - t0)
    # all epochs
    def train(self):
        for epoch in range(self.first_epoch,self.first_epoch+self.n_epochs):
            print("================ epoch begins ================")
            print("Epoch {i}/{epochs}......".format(i=epoch, epochs=self.first_epoch+self.n_epochs -1))
            self._one_epoch()
            if self.scheduler:
                self.scheduler.step(epoch)
            self.save()







