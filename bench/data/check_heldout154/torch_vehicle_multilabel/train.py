# ~

import os
import re
import shutil
import time
import pickle
import torch
import torchvision
import numpy as np
import matplotlib.pyplot as plt
import dataset
from dataset import color_attrs, direction_attrs, type_attrs

from copy import deepcopy
from PIL import Image

from torchvision.datasets import ImageFolder

from copy import deepcopy
from torchvision import transforms as T
from PIL import Image
from tqdm import tqdm

# ~

on_server = False
want_cuda = True  # ~

os.environ['CUDA_DEVICE_ORDER'] = 'PCI_BUS_ID'
if on_server:  # ~
    os.environ['CUDA_VISIBLE_DEVICES'] = '0'  # ~
    device = torch.device(
        'cuda: 0' if torch.cuda.is_available() and want_cuda else 'cpu')
else:  # ~
    os.environ['CUDA_VISIBLE_DEVICES'] = '0'
    device = torch.device(
        'cuda: 0' if torch.cuda.is_available() and want_cuda else 'cpu')

if want_cuda:
    torch.manual_seed(0)
    torch.cuda.manual_seed_all(0)

# ~


class AttrNet(torch.nn.Module):
    """(doc)

    """

    def __init__(self, num_cls, input_size, is_freeze=True):
        """(doc)

        """
        torch.nn.Module.__init__(self)

        # ~
        self._num_cls = num_cls

        # ~
        self.input_size = input_size

        self._is_freeze = is_freeze
        print('-> is freeze: {}'.format(self._is_freeze))

        # ~
        self.features = torchvision.models.resnet18(pretrained=True)  # ~
        del self.features.fc
        # ~

        self.features = torch.nn.Sequential(
            *list(self.features.children()))

        self.fc = torch.nn.Linear(512 ** 2, num_cls)  # ~
        # ~

        # ~
        if self._is_freeze:
            for param in self.features.parameters():
                param.requires_grad = False

            # ~
            torch.nn.init.kaiming_normal_(self.fc.weight.data)
            if self.fc.bias is not None:
                torch.nn.init.constant_(self.fc.bias.data, val=0)

    def forward(self, X):
        """(doc)


        """
        N = X.size()[0]

        # ~

        X = self.features(X)  # ~

        # ~
        # ~

        X = X.view(N, 512, 1 ** 2)
        X = torch.bmm(X, torch.transpose(X, 1, 2)) / (1 ** 2)  # ~

        # ~

        X = X.view(N, 512 ** 2)
        X = torch.sqrt(X + 1e-5)
        X = torch.nn.functional.normalize(X)
        X = self.fc(X)

        assert X.size() == (N, self._num_cls)
        return X


class Runner(object):
    """(doc)

    """
    def __init__(self, cfg, paths):
        """(doc)

        """
        self.options = cfg
        self.path = paths

        # ~
        if self.options['is_resume']:
            if int(self.path['model_id']) == -1:
                ckpts = os.listdir(self.path['net'])
                ckpts.sort(key=lambda x: int(re.match('epoch_(\d+)\.pth', x).group(1)),
                                 reverse=True)
                if len(ckpts) != 0:
                    self.LATEST_MODEL_ID = int(
                        re.match('epoch_(\d+)\.pth', ckpts[0]).group(1))
            else:
                self.LATEST_MODEL_ID = int(self.path['model_id'])
        else:
            self.LATEST_MODEL_ID = 0
        print('-> newest net id: {}'.format(self.LATEST_MODEL_ID))

        # ~
        if on_server:
            self.net = AttrNet(num_cls=19,  # ~
                           input_size=224,
                           is_freeze=self.options['is_freeze']).to(device)
        else:
            self.net = AttrNet(num_cls=19,
                           input_size=224,
                           is_freeze=self.options['is_freeze']).to(device)

        # ~
        if self.options['is_resume']:
            if int(self.path['model_id']) == -1:
                ckpt_path = os.path.join(self.path['net'], ckpts[0])
            else:
                ckpt_path = self.path['net'] + '/' + \
                    'epoch_' + self.path['model_id'] + '.pth'
            self.net.load_state_dict(torch.load(ckpt_path))
            print('-> net resume from {}'.format(ckpt_path))
        else:
            print('-> net read from scratch.')

        # ~
        self.loss_func = torch.nn.CrossEntropyLoss().to(device)

        # ~
        if self.options['is_freeze']:
            print('-> fine-tune only the FC layer.')
            self.solver = torch.optim.SGD(self.net.fc.parameters(),
                                          lr=self.options['base_lr'],
                                          momentum=0.9,
                                          weight_decay=self.options['weight_decay'])
        else:
            print('-> fine-tune all layers.')
            self.solver = torch.optim.SGD(self.net.parameters(),
                                          lr=self.options['base_lr'],
                                          momentum=0.9,
                                          weight_decay=self.options['weight_decay'])
        self.scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(self.solver,
                                                                    mode='max',
                                                                    factor=0.1,
                                                                    patience=3,
                                                                    verbose=True,
                                                                    threshold=1e-4)

        # ~
        self.train_transforms = torchvision.transforms.Compose([
            torchvision.transforms.Resize(
                size=self.net.input_size),  # ~
            torchvision.transforms.RandomHorizontalFlip(),
            torchvision.transforms.RandomCrop(
                size=self.net.input_size),
            torchvision.transforms.ToTensor(),
            torchvision.transforms.Normalize(mean=(0.485, 0.456, 0.406),
                                             std=(0.229, 0.224, 0.225))
        ])

        # ~
        self.test_transforms = torchvision.transforms.Compose([
            torchvision.transforms.Resize(size=self.net.input_size),
            torchvision.transforms.CenterCrop(size=self.net.input_size),
            torchvision.transforms.ToTensor(),
            torchvision.transforms.Normalize(mean=(0.485, 0.456, 0.406),
                                             std=(0.229, 0.224, 0.225))
        ])

        # ~
        if on_server:
            self.train_set = dataset.Vehicle(self.path['train_data'],
                                             transform=self.test_transforms,  # ~
                                             is_train=True)
            self.test_set = dataset.Vehicle(self.path['test_data'],
                                            transform=self.test_transforms,
                                            is_train=False)
        else:
            self.train_set = dataset.Vehicle(self.path['train_data'],
                                             transform=self.test_transforms,  # ~
                                             is_train=True)
            self.test_set = dataset.Vehicle(self.path['test_data'],
                                            transform=self.test_transforms,
                                            is_train=False)
        self.train_loader = torch.utils.data.DataLoader(self.train_set,
                                                        batch_size=self.options['batch_size'],
                                                        shuffle=True,
                                                        num_workers=4,
                                                        pin_memory=True)
        self.test_loader = torch.utils.data.DataLoader(self.test_set,
                                                       batch_size=1,  # ~
                                                       shuffle=False,
                                                       num_workers=4,
                                                       pin_memory=True)

        # ~
        self.color_attrs = color_attrs
        print('-> color attributes:\n', self.color_attrs)

        self.direction_attrs = direction_attrs
        print('-> direction attributes:\n', self.direction_attrs)

        self.type_attrs = type_attrs
        print('-> type_attributes:\n', self.type_attrs, '\n')

        # ~
        self.err_dict = {}

    def train(self):
        """(doc)

        """
        print('=-> Fitting...')

        self.net.train()  # ~

        top_acc = 0.0
        top_ep = None

        print('-> Ep\tTrain loss\tTrain acc\tTest acc')
        for t in range(self.options['epochs']):  # ~
            ep_losses = []
            n_ok = 0
            n_seen = 0

            for batch_x, batch_y, _ in self.train_loader:  # ~
                # ~
                batch_x, batch_y = batch_x.to(device), batch_y.to(device)

                # ~
                self.solver.zero_grad()

                # ~
                logits = self.net.forward(batch_x)

                # ~
                batch_y = batch_y.long()
                l_color = self.loss_func(logits[:, :9], batch_y[:, 0])
                l_dir = self.loss_func(logits[:, 9:11], batch_y[:, 1])
                l_type = self.loss_func(logits[:, 11:], batch_y[:, 2])
                objective = l_color + l_dir + 2.0 * l_type  # ~

                # ~
                ep_losses.append(objective.item())

                # ~
                n_seen += batch_y.size(0)

                # ~
                guess = self.get_predict(logits)
                batch_y = batch_y.cpu().long()
                n_ok += self.count_correct(guess, batch_y)

                # ~
                objective.backward()
                self.solver.step()

            # ~
            fit_acc = 100.0 * float(n_ok) / float(n_seen)

            # ~
            eval_acc = self.test_accuracy(self.test_loader, is_draw=False)

            # ~
            self.scheduler.step(eval_acc)

            if eval_acc > top_acc:
                top_acc = eval_acc
                top_ep = t + 1

                # ~
                ckpt_name = 'epoch_' + \
                                  str(t + self.LATEST_MODEL_ID + 1) + '.pth'
                torch.save(self.net.state_dict(),
                           os.path.join(self.path['net'], ckpt_name))
                print('<= {} written.'.format(ckpt_name))
            print('\t%d \t%4.3f \t\t%4.2f%% \t\t%4.2f%%' %
                  (t + 1, sum(ep_losses) / len(ep_losses), fit_acc, eval_acc))

            # ~
            err_file = './err_dict.pkl'
            pickle.dump(self.err_dict, open(err_file, 'wb'))
            print('-> err_dict dumped @ %s' % err_file)
            self.err_dict = {}  # ~

        print('-> Best at ep %d, eval accuaray %f' % (top_ep, top_acc))

    def test_accuracy(self, data_loader, is_draw=False):
        """(doc)

        """
        self.net.eval()  # ~

        n_ok = 0
        n_seen = 0

        # ~
        n_color_ok = 0
        n_dir_ok = 0
        n_type_ok = 0
        secs = 0.0

        print('-> evaluating...')
        for batch_x, batch_y, f_name in data_loader:
            # ~
            if is_draw:
                pic = batch_x.cpu()[0]
                pic = self.ivt_tensor_img(pic)  # ~
            batch_x, batch_y = batch_x.to(device), batch_y.to(device)

            # ~
            batch_y = batch_y.cpu().long()

            t_a = time.time()

            # ~
            logits = self.net.forward(batch_x)
            guess = self.get_predict(logits)  # ~

            # ~
            t_b = time.time()
            secs += float(t_b - t_a)
            if is_draw:
                print('-> predict time: {:2.3f} ms'.format(
                    1000.0 * (t_b - t_a)))

            # ~
            n_seen += batch_y.size(0)

            # ~
            color_str = self.color_attrs[guess[0][0]]
            dir_str = self.direction_attrs[guess[0][1]]
            type_str = self.type_attrs[guess[0][2]]

            if is_draw:
                fig = plt.figure(figsize=(6, 6))
                plt.imshow(pic)
                plt.title(color_str + ' ' + dir_str + ' ' + type_str)
                plt.show()

            # ~
            n_ok += self.statistics_result(guess, batch_y, f_name)

            # ~
            n_color_ok += self.count_attrib_correct(guess, batch_y, 0)
            n_dir_ok += self.count_attrib_correct(guess, batch_y, 1)
            n_type_ok += self.count_attrib_correct(guess, batch_y, 2)

        # ~
        print('-> mean predict time: {:2.3f} ms'.format(
            1000.0 * secs / float(len(data_loader))))

        acc_all = 100.0 * float(n_ok) / float(n_seen)
        acc_color = 100.0 * float(n_color_ok) / float(n_seen)
        acc_dir = 100.0 * float(n_dir_ok) / float(n_seen)
        acc_type = 100.0 * float(n_type_ok) / float(n_seen)

        print(
            '-> eval acc: {:.3f}% | color acc: {:.3f}%, direction acc: {:.3f}%, type acc: {:.3f}%'.format(
                acc_all, acc_color, acc_dir, acc_type))
        return acc_all

    def get_predict(self, logits):
        """(doc)



        """
        # ~
        logits = logits.cpu()  # ~
        pred_color = logits[:, :9]
        pred_direction = logits[:, 9:11]
        pred_type = logits[:, 11:]

        color_idx = pred_color.max(1, keepdim=True)[1]
        direction_idx = pred_direction.max(1, keepdim=True)[1]
        type_idx = pred_type.max(1, keepdim=True)[1]
        guess = torch.cat((color_idx, direction_idx, type_idx), dim=1)
        return guess

    def count_correct(self, guess, batch_y):
        """(doc)



        """
        # ~
        assert guess.size(0) == batch_y.size(0)
        correct_num = 0
        for one, two in zip(guess, batch_y):
            if torch.equal(one, two):
                correct_num += 1
        return correct_num

    def statistics_result(self, guess, batch_y, f_name):
        """(doc)





        """
        # ~
        assert guess.size(0) == batch_y.size(0)
        correct_num = 0
        for name, one, two in zip(f_name, guess, batch_y):
            if torch.equal(one, two):  # ~
                correct_num += 1
            else:  # ~
                pred_color = self.color_attrs[one[0]]
                pred_direction = self.direction_attrs[one[1]]
                pred_type = self.type_attrs[one[2]]

                label_color = self.color_attrs[two[0]]
                label_direction = self.direction_attrs[two[1]]
                label_type = self.type_attrs[two[2]]
                err_result = label_color + ' ' + label_direction + ' ' + label_type + \
                    ' -> ' + \
                    pred_color + ' ' + pred_direction + ' ' + pred_type
                self.err_dict[name] = err_result
        return correct_num

    def count_attrib_correct(self, guess, batch_y, idx):
        """(doc)




        """
        assert guess.size(0) == batch_y.size(0)
        correct_num = 0
        for one, two in zip(guess, batch_y):
            if one[idx] == two[idx]:
                correct_num += 1
        return correct_num

    def ivt_tensor_img(self, inp, title=None):
        """(doc)

        """

        # ~
        inp = inp.numpy().transpose((1, 2, 0))

        mean = np.array([0.485, 0.456, 0.406])
        std = np.array([0.229, 0.224, 0.225])

        # ~
        inp = std * inp + mean

        # ~
        inp = np.clip(inp, 0, 1)

        # ~
        # ~
        # ~
        # ~
        return inp

    def recognize_pil(self, picture):
        """(doc)



        """
        pic = deepcopy(picture)
        if pic.mode == 'L' or pic.mode == 'I':  # ~
            pic = pic.convert('RGB')
        pic = self.test_transforms(pic)
        pic = pic.view(1, 3, self.net.module.input_size,
                       self.net.module.input_size)

        # ~
        pic = pic.to(device)

        t_a = time.time()

        # ~
        logits = self.net.forward(pic)

        # ~
        guess = self.get_predict(logits)

        t_b = time.time()

        print('-> predict time: {:2.3f} ms'.format(1000.0 * (t_b - t_a)))

        color_str = self.color_attrs[guess[0][0]]
        dir_str = self.direction_attrs[guess[0][1]]
        type_str = self.type_attrs[guess[0][2]]

        # ~
        # ~
        # ~
        # ~

    def test_single(self):
        """(doc)


        """
        self.net.eval()

        root = '/mnt/diskc/even/Car_DR/test_set'
        for file in os.listdir(root):
            file_path = os.path.join(root, file)
            picture = Image.open(file_path)
            self.recognize_pil(picture)

    def random_pick(self, src, dst, pick_num=20):
        """(doc)




        """
        if not os.path.exists(src) or not os.path.exists(dst):
            print('-> [Error]: bad dir.')
            return

        if len(os.listdir(dst)) != 0:
            shutil.rmtree(dst)
            os.mkdir(dst)

        # ~
        jpg_list = []

        def collect_jpgs(root, jpg_list):
            """(doc)



            """
            for file in os.listdir(root):
                file_path = os.path.join(root, file)

                if os.path.isdir(file_path):  # ~
                    collect_jpgs(file_path, jpg_list)
                else:  # ~
                    if os.path.isfile(file_path) and file_path.endswith('.jpg'):
                        jpg_list.append(file_path)

        collect_jpgs(src, jpg_list)
        # ~

        # ~
        chosen = np.random.choice(
            len(jpg_list), size=pick_num, replace=False)
        for id in chosen:
            shutil.copy(jpg_list[id], dst)


def run():
    """(doc)

    """
    import argparse
    ap = argparse.ArgumentParser(
        description='Train bi-linear CNN based vehicle multilabel classification.')
    ap.add_argument('--base_lr',
                        dest='base_lr',
                        type=float,
                        default=1.0,
                        help="(see README: help)")
    ap.add_argument('--batch_size',
                        dest='batch_size',
                        type=int,
                        default=64,  # ~
                        help="(see README: help)")  # ~
    ap.add_argument('--epochs',
                        dest='epochs',
                        type=int,
                        default=100,
                        help="(see README: help)")
    ap.add_argument('--weight_decay',
                        dest='weight_decay',
                        type=float,
                        default=1e-8,
                        help="(see README: help)")
    # ~
    # ~
    ap.add_argument('--is-freeze',
                        type=bool,
                        default=True,
                        help="(see README: help)")
    ap.add_argument('--is-resume',
                        type=bool,
                        default=False,
                        help="(see README: help)")
    ap.add_argument('--pre-train',
                        type=bool,
                        default=True,
                        help="(see README: help)")
    cli = ap.parse_args()

    if cli.base_lr <= 0:
        raise AttributeError('--base_lr must be > 0.')
    if cli.batch_size <= 0:
        raise AttributeError('--batch_size must be > 0.')
    if cli.epochs < 0:
        raise AttributeError('--epochs must be > 0.')
    if cli.weight_decay <= 0:
        raise AttributeError('--weight_decay must be > 0.')

    if cli.pre_train:
        cfg = {
            'base_lr': cli.base_lr,
            'batch_size': cli.batch_size,
            'epochs': cli.epochs,
            'weight_decay': cli.weight_decay,
            'is_freeze': True,
            'is_resume': False
        }
    else:
        cfg = {
            'base_lr': cli.base_lr,
            'batch_size': cli.batch_size,
            'epochs': cli.epochs,
            'weight_decay': cli.weight_decay,
            'is_freeze': False,
            'is_resume': True
        }

    # ~
    if not cfg['is_freeze']:
        cfg['base_lr'] = 1e-3
        cfg['epochs'] = 100
        cfg['weight_decay'] = 1e-8  # ~
    print('-> settings:\n', cfg)

    up_dir = os.path.realpath(
        os.path.join(os.getcwd(), '..')) + os.path.sep
    proj_dir = up_dir
    print('-> project_root: ', proj_dir)

    if on_server:  # ~
        paths = {
            'net': '/mnt/diskc/even/b_cnn/filter_test_model',
            'model_id': '-1',  # ~
            'train_data': '/mnt/diskc/even/vehicle_train',
            'test_data': '/mnt/diskc/even/vehicle_test'
        }
    else:  # ~
        paths = {
            'net': './checkpoints',
            'model_id': '-1',
            'train_data': 'f:/vehicle_train',
            'test_data': 'f:/vehicle_test'
        }

    runner = Runner(cfg, paths)
    runner.train()
    # ~
    # ~
    # ~


if __name__ == '__main__':
    run()

