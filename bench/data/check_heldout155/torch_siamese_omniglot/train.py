import torch
import pickle
import torchvision
from torchvision import transforms
import torchvision.datasets as dset
from torchvision import transforms
from pairdata import CharPairsTrain, CharPairsEval
from torch.utils.data import DataLoader
from torch.autograd import Variable
import matplotlib.pyplot as plt
from net import TwinNet
import time
import numpy as np
import gflags
import sys
from collections import deque
import os


if __name__ == '__main__':

    OPT = gflags.FLAGS
    gflags.DEFINE_bool("cuda", True, "run on the gpu")
    gflags.DEFINE_string("train_path", "/data/omniglot/images_background", "folder of training alphabets")
    gflags.DEFINE_string("test_path", "/data/omniglot/images_evaluation", 'folder of evaluation alphabets')
    gflags.DEFINE_integer("way", 20, "classes per one-shot trial")
    gflags.DEFINE_string("times", 400, "how many trials for accuracy")
    gflags.DEFINE_integer("workers", 4, "loader processes")
    gflags.DEFINE_integer("batch_size", 128, "pairs per batch")
    gflags.DEFINE_float("lr", 0.00006, "step size")
    gflags.DEFINE_integer("show_every", 10, "print interval")
    gflags.DEFINE_integer("save_every", 100, "checkpoint interval")
    gflags.DEFINE_integer("test_every", 100, "evaluation interval")
    gflags.DEFINE_integer("max_iter", 50000, "iteration cap")
    gflags.DEFINE_string("model_path", "/data/ckpt/twin", "checkpoint folder")
    gflags.DEFINE_string("gpu_ids", "0,1,2,3", "visible gpus")

    OPT(sys.argv)

    aug = transforms.Compose([
        transforms.RandomAffine(15),
        transforms.ToTensor()
    ])


    # tr_folder = dset.ImageFolder(root=OPT.train_path)
    # te_folder = dset.ImageFolder(root=OPT.test_path)


    os.environ["CUDA_VISIBLE_DEVICES"] = OPT.gpu_ids
    print("gpus in use:", OPT.gpu_ids)

    pair_train = CharPairsTrain(OPT.train_path, transform=aug)
    pair_eval = CharPairsEval(OPT.test_path, transform=transforms.ToTensor(), times = OPT.times, way = OPT.way)
    eval_loader = DataLoader(pair_eval, batch_size=OPT.way, shuffle=False, num_workers=OPT.workers)

    train_loader = DataLoader(pair_train, batch_size=OPT.batch_size, shuffle=False, num_workers=OPT.workers)

    criterion = torch.nn.BCEWithLogitsLoss(size_average=True)
    twin = TwinNet()

    # several gpus
    if len(OPT.gpu_ids.split(",")) > 1:
        twin = torch.nn.DataParallel(twin)

    if OPT.cuda:
        twin.cuda()

    twin.train()

    opt = torch.optim.Adam(twin.parameters(),lr = OPT.lr )
    opt.zero_grad()

    loss_history = []
    running = 0
    t0 = time.time()
    recent_acc = deque(maxlen=20)

    for step, (xa, xb, y) in enumerate(train_loader, 1):
        if step > OPT.max_iter:
            break
        if OPT.cuda:
            xa, xb, y = Variable(xa.cuda()), Variable(xb.cuda()), Variable(y.cuda())
        else:
            xa, xb, y = Variable(xa), Variable(xb), Variable(y)
        opt.zero_grad()
        logits = twin.forward(xa, xb)
        loss = criterion(logits, y)
        running += loss.item()
        loss.backward()
        opt.step()
        if step % OPT.show_every == 0 :
            print('step %d  loss %.5f  elapsed %.2f s'%(step, running/OPT.show_every, time.time() - t0))
            running = 0
            t0 = time.time()
        if step % OPT.save_every == 0:
            torch.save(twin.state_dict(), OPT.model_path + '/twin-step-' + str(step+1) + ".pt")
        if step % OPT.test_every == 0:
            hit, miss = 0, 0
            for _, (ea, eb) in enumerate(eval_loader, 1):
                if OPT.cuda:
                    ea, eb = ea.cuda(), eb.cuda()
                ea, eb = Variable(ea), Variable(eb)
                logits = twin.forward(ea, eb).data.cpu().numpy()
                guess = np.argmax(logits)
                if guess == 0:
                    hit += 1
                else: miss += 1
            print('-'*70)
            print('step %d  eval  hit %d  miss %d  acc %f'%(step, hit, miss, hit*1.0/(hit+miss)))
            print('-'*70)
            recent_acc.append(hit*1.0/(hit+miss))
        loss_history.append(running)
    #  lr decay was tried here

    with open('loss_history', 'wb') as fh:
        pickle.dump(loss_history, fh)

    mean_acc = 0.0
    for a in recent_acc:
        mean_acc += a
    print("="*70)
    print("mean of last accuracies: ", mean_acc/20)
