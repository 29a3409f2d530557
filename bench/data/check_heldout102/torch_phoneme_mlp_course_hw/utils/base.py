import torch
import torch.nn as nn
import torch.utils.data
from torch.utils.tensorboard import SummaryWriter
from dataclasses import dataclass, field
from abc import ABC, abstractmethod
from tqdm import tqdm
from typing import List


class Model(nn.Module, ABC):
    def __init__(self):
        super().__init__()

    @property
    @abstractmethod
    def input_dims(self) -> List:
        pass

    @abstractmethod
    def forward(self, x):
        pass


@dataclass
class Params(ABC):
    B: int = field()
    data_dir: str = field()
    lr: float = field(default=1e-3)
    max_epoch: int = field(default=101)
    is_double: int = field(default=False)
    device: torch.device = field(default=torch.device("cuda:0"))

    @abstractmethod
    def __str__(self):
        return ''


class Learning(ABC):
    def __init__(self, params, model: Model, make_optimizer, make_criterion, draw_graph=False):

        self.params = params
        self.device = params.device
        self.str = str(params) + model.__class__.__name__

        self.writer = SummaryWriter('runs/' + str(self))

        self.train_loader = None
        self.valid_loader = None
        self.test_loader = None

        self.model = model.cuda(self.device)
        if params.is_double:
            self.model.double()

        if draw_graph:
            self.writer.add_graph(model,
                                  torch.rand([params.B] + model.input_dims, device=self.device))

        self.optimizer = make_optimizer(self.model.parameters(), lr=self.params.lr)
        self.criterion = make_criterion().cuda(self.device)

        self.init_epoch = 0

    def __del__(self):
        self.writer.flush()
        self.writer.close()

    def __str__(self):
        return self.str

    @abstractmethod
    def _load_train(self):
        pass

    @abstractmethod
    def _load_valid(self):
        pass

    @abstractmethod
    def _load_test(self):
        pass

    def load_model(self, epoch=20):
        ck = torch.load('checkpoints/' + str(self) + 'e=' + str(epoch) + '.tar')
        self.init_epoch = ck['epoch']
        self.model.load_state_dict(ck['model_state_dict'])
        self.optimizer.load_state_dict(ck['optimizer_state_dict'])

    def save_model(self, epoch, loss_value):
        torch.save({
            'epoch': epoch,
            'model_state_dict': self.model.state_dict(),
            'optimizer_state_dict': self.optimizer.state_dict(),
            'loss': loss_value,
        }, 'checkpoints/' + str(self) + 'e=' + str(epoch) + '.tar')

    def train(self):
        if self.train_loader is None:
            self._load_train()

        print('Training starts')
        with torch.cuda.device(self.device):
            self.model.train()
            for ep in range(self.init_epoch + 1, self.params.max_epoch):
                loss_acc = torch.zeros(1, device=self.device)
                hit_acc = torch.zeros(1, device=self.device)
                for k, batch in enumerate(tqdm(self.train_loader)):
                    xb = batch[0].to(self.device)
                    yb = batch[1].to(self.device)

                    out = self.model(xb)
                    loss = self.criterion(out, yb)
                    loss_acc += loss
                    guess = torch.argmax(out, dim=1)
                    hit_acc += torch.count_nonzero(torch.eq(guess, yb))

                    self.optimizer.zero_grad()
                    loss.backward()
                    self.optimizer.step()
                loss_value = loss_acc.item() / (k + 1)
                acc_value = hit_acc.item() / (k + 1) / self.params.B
                self.writer.add_scalar('Loss/Train', loss_value, ep)
                self.writer.add_scalar('Accuracy/Train', acc_value, ep)
                print('epoch: ', ep, 'train loss: ', "%.5f" % loss_value,
                      'acc: ', "%.5f" % acc_value)

                self._validate(ep)
                self.model.train()

                if ep % 1 == 0:
                    self.save_model(ep, loss_value)

    def _validate(self, ep):
        if self.valid_loader is None:
            self._load_valid()

        # print('validation')
        with torch.cuda.device(self.device):
            with torch.no_grad():
                self.model.eval()
                loss_acc = torch.zeros(1, device=self.device)
                hit_acc = torch.zeros(1, device=self.device)
                for k, batch in enumerate(self.valid_loader):
                    xb = batch[0].to(self.device)
                    yb = batch[1].to(self.device)

                    out = self.model(xb)
                    loss = self.criterion(out, yb)
                    loss_acc += loss
                    guess = torch.argmax(out, dim=1)
                    hit_acc += torch.count_nonzero(torch.eq(guess, yb))

                loss_value = loss_acc.item() / (k + 1)
                acc_value = hit_acc.item() / (k + 1) / self.params.B
                self.writer.add_scalar('Loss/Validation', loss_value, ep)
                self.writer.add_scalar('Accuracy/Validation', acc_value, ep)
                print('epoch: ', ep, 'val loss: ', "%.5f" % loss_value,
                      'acc: ', "%.5f" % acc_value)

    @abstractmethod
    def test(self):
        pass
