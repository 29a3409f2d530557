# expression classifier on face crops
# written spring 2020

from face_cnn import ExprNet
from face_data import ExprFaces
from torch.utils import data
import torch
import torch.nn as nn
import torch.optim as opt
from sklearn.metrics import classification_report, accuracy_score
import numpy as np
import time
import matplotlib.pyplot as plt


class ExprTrainer():

    # split the folder into fit/eval parts and build loaders
    def __init__(self, root, batch_size, epochs, lr=0.05, weight_decay=1e-8):
        faces = ExprFaces(root)
        n_fit = int(0.8 * len(faces))
        n_eval = len(faces) - n_fit
        fit_part, eval_part = data.random_split(faces, [n_fit, n_eval])
        fit_loader = data.DataLoader(fit_part, batch_size, shuffle=True)
        eval_loader = data.DataLoader(eval_part, n_eval, shuffle=True)
        self.train(fit_loader, eval_loader, epochs, lr, weight_decay)

    # the fitting loop
    def train(self, fit_loader, eval_loader, epochs, lr, weight_decay):
        net = ExprNet()

        # criterion and plain SGD
        criterion = nn.CrossEntropyLoss()
        sgd = opt.SGD(net.parameters(), lr=lr, weight_decay=weight_decay)

        # decay the step size by 0.8 at epoch 20
        # and again at epoch 50
        sched = opt.lr_scheduler.MultiStepLR(sgd, milestones=[20, 50], gamma=0.8)

        # curves for the final figure
        curves = {'fit_acc': [], 'eval_acc': []}

        for ep in range(epochs):
            print('epoch {} of {}'.format(ep + 1, epochs))

            batch_losses = []
            batch_accs = []
            net.train()

            # mini-batches
            for x, y in fit_loader:
                sgd.zero_grad()
                # sgd.
                logits = net.forward(x)
                loss = criterion(logits, y)
                batch_losses.append(loss.item())
                _, guess = torch.max(logits, 1)
                batch_accs.append(((guess == y).sum().item()) / len(y))
                loss.backward()
                # apply the update
                sgd.step()

            # step-size schedule
            sched.step()
            mean_loss = sum(batch_losses) / len(batch_losses)
            mean_acc = sum(batch_accs) / len(batch_accs)
            curves['fit_acc'].append(mean_acc)

            # report this epoch
            print('epoch {} of {} done: mean loss {}, mean accuracy {}'
                  .format(ep + 1, epochs, mean_loss, mean_acc))

            # every fifth epoch score the held-out part
            if (ep + 1) % 5 == 0:
                net.eval()

                # per-class report and overall accuracy
                report, eval_acc = self.validate(net, eval_loader)
                curves['eval_acc'].append(eval_acc)

                print('report after epoch {}:'.format(ep + 1))
                print(report)

                # append the report to a text file
                # together with a timestamp
                out = open('scores.txt', 'a')
                stamp = time.asctime(time.localtime(time.time()))
                out.writelines('after {} epochs, at {}'.format(ep + 1, stamp))
                out.writelines('\n')
                out.write(report)
                out.writelines('\n')
                out.writelines('held-out accuracy {}'.format(eval_acc))
                out.writelines('\n')
                out.close()

        # accuracy curves
        plt.plot(np.arange(1, epochs + 1), curves['fit_acc'], label='fit accuracy')
        plt.plot(np.arange(5, epochs + 1, 5), curves['eval_acc'], label='held-out accuracy')
        plt.plot(np.arange(1, epochs + 1), np.ones(epochs), 'k')

        plt.xlabel('epoch')
        plt.ylabel('accuracy')
        plt.title('Accuracy over training')
        # legend
        plt.legend()
        plt.savefig('accuracy.png')
        # show it
        plt.show()

    # score a network on the held-out loader
    # gives back the text report and the accuracy
    def validate(self, net, eval_loader):
        truth = []
        guessed = []

        for x, y in eval_loader:
            out = net.forward(x)

            # arg-max class
            out = np.argmax(out.data.numpy(), axis=1)
            guessed.extend(out)
            truth.extend(y.data.numpy())
        report = classification_report(truth, guessed)
        acc = accuracy_score(truth, guessed)
        return report, acc


if __name__ == '__main__':
    print('begin')
    trainer = ExprTrainer('Faces', 16, 70)
