import torchvision.models.resnet as resnet
import torch
import torch.nn as nn
import torch.optim
import torch.utils.data
import torchvision.transforms as transforms
import torchvision.datasets as datasets
from torch.autograd import Variable
import shutil
# plotting and arrays
import numpy as np
import matplotlib.pyplot as plt

# single-picture prediction helpers
import tempfile
import face_detector
import os.path
from PIL import Image
import extract_faces

import logging
logging.basicConfig(format='%(asctime)s %(message)s', level=logging.DEBUG)


def topk_hits(scores, truth, topk=(1,)):
    """Percentage of rows whose truth is among the k best scores"""
    kmax = max(topk)
    n = truth.size(0)

    _, best = scores.topk(kmax, 1, True, True)
    best = best.t()
    ok = best.eq(truth.view(1, -1).expand_as(best))

    out = []
    for k in topk:
        ok_k = ok[:k].view(-1).float().sum(0)
        out.append(ok_k.mul_(100.0 / n))
    return out

class RunningMean(object):
    """Keeps the last value and the running mean"""
    def __init__(self):
        self.reset()

    def reset(self):
        self.last = 0
        self.avg = 0
        self.total = 0
        self.n = 0

    def update(self, v, n=1):
        self.last = v
        self.total += v * n
        self.n += n
        self.avg = self.total / self.n

class Matrix():
    def __init__(self, loader):
        self.classes = loader.dataset.classes
        self.class_to_idx = loader.dataset.class_to_idx
        self.tally = np.zeros((len(self.classes), len(self.classes)))
        # rows: truth, columns: guess

    def add(self, scores, truth):
        scores = scores.cpu().data.numpy()
        truth = truth.cpu().numpy()
        for i, g in enumerate(np.argmax(scores, axis=1)):
            self.tally[truth[i], g] += 1

    def show(self):
        m = np.copy(self.tally)
        sums = m.sum(axis=1)
        m = m / sums[:, np.newaxis]
        print(m)

    def show_tex(self, avg):
        m = np.copy(self.tally)
        sums = m.sum(axis=1)
        m = m / sums[:, np.newaxis]
        # as a LaTeX table
        print('\\begin{tabular}{' + 'l'*(len(self.classes)+1) + '}')
        print('\\hline')
        print('\t & ', end='')
        print(*self.classes, sep=' & ', end='\\\\\n')
        print('\\hline')
        for ri, r in enumerate(m):
            print('\t{} & '.format(self.classes[ri]), end='')
            for ci, c in enumerate(r):
                print('{0:.3f} {1}'.format(c * 100, '& ' if ci != len(r)-1 else '\\\\'),
                     end=('' if ci != len(r)-1 else '\n'))
        print('\\hline')
        print('\\end{tabular} \\\\')
        print('Mean: {:.3}\\%'.format(avg))
                

class EmotionNet():
    def __init__(self, layers=[3, 4, 6, 3]):
        unit = resnet.BasicBlock
        n_classes = 7
        self.model = resnet.ResNet(unit, layers, n_classes)
        if torch.cuda.is_available():
            self.model.cuda()
        self.best = 0.0

    def save_checkpoint(self, is_best, filename='checkpoint.pth.tar'):
        torch.save(self.model.state_dict(), filename)
        if is_best:
            shutil.copyfile(filename, 'best-' + filename)

    def load_checkpoint(self, filename):
        if torch.cuda.is_available():
            self.model.load_state_dict(torch.load(filename))
        else:
            self.model.load_state_dict(torch.load(filename, lambda storage, loc: storage))


    def test_model_show(self, testdir, show=False):
        norm = transforms.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225])
        
        test_loader = torch.utils.data.DataLoader(
            datasets.ImageFolder(testdir, transforms.Compose([
                    transforms.Scale(256),
                    transforms.CenterCrop(224),
                    transforms.ToTensor(),
            ])),
            
        )
        
        mat = Matrix(test_loader)
        loss_fn = nn.CrossEntropyLoss()
        if torch.cuda.is_available():
            loss_fn = loss_fn.cuda()
            # testing
        self.model.eval()
        meter_loss = RunningMean()
        meter_acc = RunningMean()

        for i, (x, y) in enumerate(test_loader):
            pic = np.copy(x.numpy())
            y_out = torch.LongTensor(1, 1).zero_()
            y_out[0][0] = y
            if torch.cuda.is_available():
                y_out = y_out.cuda(non_blocking=True)
            x_var = Variable(x, volatile=True)
            if torch.cuda.is_available():
                x_var = x_var.cuda()

            scores = self.model(x_var)
            mat.add(scores, y)
            p1 = topk_hits(scores.data, y_out, topk=(1,))
            meter_acc.update(p1[0], x.size(0))
            pic = np.rollaxis(pic, 0, 3)
            plt.title(p1[0].cpu().numpy())
            #plt.imshow(pic)
            #plt.pause(0.01)
        print('Test confusion matrix')
        mat.show()
        mat.show_tex(meter_acc.avg)
        print('Test, top-1: {}'.format(meter_acc.avg))



    



    def train_model(self, datadir, validdir, outprefix, epochs=10, csvout=None):
        bs = 48
        workers = 4
        norm = transforms.Normalize(mean=[0.485, 0.456, 0.406],
                                    std=[0.229, 0.224, 0.225])
        fit_loader = torch.utils.data.DataLoader(
            datasets.ImageFolder(datadir, transforms.Compose([
                transforms.RandomSizedCrop(224),
                transforms.RandomHorizontalFlip(),
                transforms.ToTensor(),
                norm,
            ])),
            batch_size=bs, shuffle=True, num_workers=workers,
            pin_memory=torch.cuda.is_available()
        )

        check_loader = torch.utils.data.DataLoader(
            datasets.ImageFolder(validdir, transforms.Compose([
                transforms.Scale(256),
                transforms.CenterCrop(224),
                transforms.ToTensor(),
                norm,
            ])),
            batch_size=bs, shuffle=False, num_workers=workers,
            pin_memory=torch.cuda.is_available()
        )

        loss_fn = nn.CrossEntropyLoss()
        if torch.cuda.is_available():
            loss_fn = loss_fn.cuda()

        opt = torch.optim.Adam(self.model.parameters())
        # log file
        if csvout is not None:
            logf = open(csvout, 'w')

        # epochs
        for e in range(epochs):
            self.model.train()
            meter_loss = RunningMean()
            meter_acc = RunningMean()
            # fitting pass
            for i, (x, y) in enumerate(fit_loader):
                if torch.cuda.is_available():
                    y = y.cuda(non_blocking=True)
                    x_var = Variable(x).cuda()
                else:
                    x_var = Variable(x)
                y_var = Variable(y)
                scores = self.model(x_var)

                loss = loss_fn(scores, y_var)
                p1 = topk_hits(scores.data, y, topk=(1,))
                meter_loss.update(loss.data, x.size(0))
                meter_acc.update(p1[0], x.size(0))

                opt.zero_grad()
                loss.backward()
                opt.step()

                if i % 5 == 0:
                    logging.info('Epoch: {} {}/{}\nLoss: {}\nTop-1: {}'.format(
                      e, i, len(fit_loader), meter_loss.avg, meter_acc.avg))
            # checking pass
            vloss, vacc = self._valid_model(check_loader)
                
            logging.info('Epoch: {}, check loss: {}, top-1: {}'.format(
                  e, vloss, vacc))
            if csvout is not None:
                # epoch, fit loss, fit accuracy, check loss, check accuracy
                print('{}, {}, {}, {}, {}'.format(e, meter_loss.avg, meter_acc.avg, 
                      vloss, vacc), flush=True, file=logf)
            improved = False
            if self.best < meter_acc.avg:
                self.best = meter_acc.avg
                improved = True
            self.save_checkpoint(improved, filename=outprefix + '.pth.tar')
        if csvout is not None:
            logf.close()

    
    
    def valid_model(self, datadir):
        bs = 16
        workers = 4
        norm = transforms.Normalize(mean=[0.485, 0.456, 0.406],
                                    std=[0.229, 0.224, 0.225])

        check_loader = torch.utils.data.DataLoader(
            datasets.ImageFolder(datadir, transforms.Compose([
                transforms.Scale(256),
                transforms.CenterCrop(224),
                transforms.ToTensor(),
                norm,
            ])),
            batch_size=bs, shuffle=False, num_workers=workers,
            pin_memory=torch.cuda.is_available()
        )

        l, a = self._valid_model(check_loader)
        logging.info('Loss: {}, top-1: {}'.format(l, a))

    def _valid_model(self, check_loader): 
        self.model.eval()
        meter_loss = RunningMean()
        meter_acc = RunningMean()
        mat = Matrix(check_loader)
        loss_fn = nn.CrossEntropyLoss()

        if torch.cuda.is_available():
            loss_fn = loss_fn.cuda()

        for i, (x, y) in enumerate(check_loader):
            if torch.cuda.is_available():
                y = y.cuda(non_blocking=True)
            x_var = Variable(x, volatile=True)
            if torch.cuda.is_available():
                x_var = x_var.cuda()
            y_var = Variable(y, volatile=True)

            scores = self.model(x_var)
            mat.add(scores, y)
            loss = loss_fn(scores, y_var)

            p1 = topk_hits(scores.data, y, topk=(1,))
            meter_loss.update(loss.data, x.size(0))
            meter_acc.update(p1[0], x.size(0))
        print('Confusion matrix')
        mat.show()
        mat.show_tex(meter_acc.avg)
        return meter_loss.avg, meter_acc.avg

    def classify_one_image(self, imgf,
            classes=['afraid', 'angry', 'disgusted', 'happy', 'neutral', 'sad', 'surprised']):
        norm = transforms.Normalize(mean=[0.485, 0.456, 0.406],
                                    std=[0.229, 0.224, 0.225])
        tf = transforms.Compose([
                transforms.Scale(256),
                transforms.CenterCrop(224),
                transforms.ToTensor(),
                norm,
        ])
        # find the face first
        opts = {}
        opts['threshold'] = 0.0
        opts['window'] = False
        opts['ignore_multi'] = True
        opts['grow'] = 10 
        opts['resize'] = True
        opts['row_resize'] = 512
        opts['col_resize'] = 512
        opts['min_proportion'] = 0.1
        with tempfile.TemporaryDirectory() as tmp:
            opts['o'] = tmp
            face_detector.transform(extract_faces.AttributeDict(opts), [imgf])
            face = Image.open(tmp + '/' + os.path.basename(imgf))
        face = tf(face)
        
        x_var = Variable(face.view(1, *face.shape))

        if torch.cuda.is_available():
            x_var = x_var.cuda()

        scores = self.model.forward(x_var).cpu().data.numpy()
        probs = np.exp(scores) / np.sum(np.exp(scores))
        top = np.argmax(probs)
        fig = plt.figure()
        plt.imshow(Image.open(imgf))
        fig.subplots_adjust(bottom=0.2)
        plt.figtext(0.1, 0.05, ', '.join(classes))
        plt.figtext(0.1, 0.10, ', '.join(['{:.3}'.format(a) for a in probs.reshape(-1)]))
        plt.title(classes[top])
        plt.show()
