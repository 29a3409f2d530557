import os
import click
import string
import numpy as np
from tqdm import tqdm
from models.model_loader import load_model
from torchvision.transforms import Compose
from dataset.data_transform import Resize, Rotation, Translation, Scale
from dataset.test_data import TestDataset
from dataset.text_data import TextDataset
from dataset.collate_fn import text_collate
from lr_policy import StepLR

import torch
from torch import nn
from torch import optim
from torch.autograd import Variable
from torch import Tensor
from torch.utils.data import DataLoader
from warpctc_pytorch import CTCLoss

from evaluate import evaluate

@click.command()
@click.option('--data-path', type=str, default=None, help='dataset folder')
@click.option('--abc', type=str, default=string.digits+string.ascii_uppercase, help='symbols')
@click.option('--seq-proj', type=str, default="10x20", help='sequence projection')
@click.option('--backend', type=str, default="resnet18", help='feature network')
@click.option('--snapshot', type=str, default=None, help='weights to start from')
@click.option('--input-size', type=str, default="320x32", help='input size')
@click.option('--base-lr', type=float, default=1e-3, help='starting learning rate')
@click.option('--step-size', type=int, default=500, help='lr step')
@click.option('--max-iter', type=int, default=6000, help='iteration limit')
@click.option('--batch-size', type=int, default=256, help='batch size')
@click.option('--output-dir', type=str, default=None, help='where snapshots go')
@click.option('--test-epoch', type=int, default=None, help='evaluate every N epochs')
@click.option('--test-init', type=bool, default=False, help='evaluate before training')
@click.option('--gpu', type=str, default='0', help='GPU ids, e.g. 0,1')
def main(data_path, abc, seq_proj, backend, snapshot, input_size, base_lr, step_size, max_iter, batch_size, output_dir, test_epoch, test_init, gpu):
    os.environ["CUDA_VISIBLE_DEVICES"] = gpu
    use_gpu = True if gpu is not '' else False

    input_size = [int(v) for v in input_size.split('x')]
    aug = Compose([
        Rotation(),
        # Translation(),
        # Scale(),
        Resize(size=(input_size[0], input_size[1]))
    ])
    if data_path is not None:
        ds = TextDataset(data_path=data_path, mode="train", transform=aug)
    else:
        ds = TestDataset(transform=aug, abc=abc)
    seq_proj = [int(v) for v in seq_proj.split('x')]
    model = load_model(ds.get_abc(), seq_proj, backend, snapshot, use_gpu)
    opt = optim.Adam(model.parameters(), lr = base_lr, weight_decay=0.0001)
    sched = StepLR(opt, step_size=step_size, max_iter=max_iter)
    ctc = CTCLoss()

    best_acc = 0
    n_epochs = 0
    while True:
        if (test_epoch is not None and n_epochs != 0 and n_epochs % test_epoch == 0) or (test_init and n_epochs == 0):
            print("evaluating")
            ds.set_mode("test")
            model = model.eval()
            acc, mean_ed = evaluate(model, ds, ds.get_abc(), use_gpu, visualize=False)
            model = model.train()
            ds.set_mode("train")
            if acc > best_acc:
                if output_dir is not None:
                    torch.save(model.state_dict(), os.path.join(output_dir, "crnn_" + backend + "_" + str(ds.get_abc()) + "_best"))
                best_acc = acc
            print("acc: {}\tbest: {}; mean edit distance: {}".format(acc, best_acc, mean_ed))

        loader = DataLoader(ds, batch_size=batch_size, num_workers=1, shuffle=True, collate_fn=text_collate)
        recent = []
        bar = tqdm(loader)
        n_steps = 0
        for batch in bar:
            # batches must split evenly over the GPUs
            if batch["img"].size(0) % len(gpu.split(',')) != 0:
                continue
            opt.zero_grad()
            pics = Variable(batch["img"])
            targets = Variable(batch["seq"]).view(-1)
            target_lens = Variable(batch["seq_len"].int())
            if use_gpu:
                pics = pics.cuda()
            out = model(pics).cpu()
            out_lens = Variable(Tensor([out.size(0)] * batch_size).int())
            loss = ctc(out, targets, out_lens, target_lens) / batch_size
            loss.backward()
            nn.utils.clip_grad_norm(model.parameters(), 10.0)
            recent.append(loss.data[0])
            msg = "epoch: {}; step: {}; lr: {}; mean loss: {}; loss: {}".format(n_epochs, sched.last_iter, sched.get_lr(), np.mean(recent), loss.data[0])
            bar.set_description(msg)
            opt.step()
            sched.step()
            n_steps += 1
        if output_dir is not None:
            torch.save(model.state_dict(), os.path.join(output_dir, "crnn_" + backend + "_" + str(ds.get_abc()) + "_last"))
        n_epochs += 1

    return

if __name__ == '__main__':
    main()
