import torch
from torch.utils.tensorboard.writer import SummaryWriter
from torchvision.utils import make_grid

STATE_FILE = "checkpoint.tar"
BOARD_DIR = "tensorboard_logs"


def binary_acc(out, truth):
    guess = out >= 0.5
    real = truth >= 0.5
    # same shape on both sides
    guess = torch.reshape(guess, real.shape)
    return guess.eq(real).sum().item() / real.numel()

def write_state(net, opt, ep, loss):
    state = {
        "model_state_dict": net.state_dict(),
        "optimizer_state_dict": opt.state_dict(),
        "epoch": ep,
        "loss": loss
    }
    torch.save(state, STATE_FILE)

def read_state(net):
    state = torch.load(STATE_FILE)
    net.load_state_dict(state['model_state_dict'])
    opt_state = state['optimizer_state_dict']
    ep = state['epoch']
    loss = state['loss']
    return ep, opt_state, loss

class BoardLogger():
    """
        Thin wrapper over the tensorboard writer.
    """
    def __init__(self):
        self.writer = SummaryWriter(log_dir=BOARD_DIR, comment='', purge_step=None)

    def add_scalar(self, tag, value, ep):
        self.writer.add_scalar(tag, value, ep)

    def add_images(self, tag, net, batch):
        scaled = batch * 255
        grid = make_grid(scaled)
        self.writer.add_image(tag, grid, 0)
        # if net:
            # self.writer.add_graph(net, scaled)

    def close(self):
        self.writer.close()
