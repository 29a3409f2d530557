import os
import cv2
import string
from tqdm import tqdm
import click
import numpy as np

import torch
from torch.autograd import Variable
from torch.utils.data import DataLoader

from dataset.test_data import TestDataset
from dataset.text_data import TextDataset
from dataset.collate_fn import text_collate
from dataset.data_transform import Resize, Rotation, Translation, Scale
from models.model_loader import load_model
from torchvision.transforms import Compose

import editdistance

def evaluate(model, ds, abc, use_gpu, visualize, batch_size=256):
    loader = DataLoader(ds, batch_size=batch_size, num_workers=4, shuffle=False, collate_fn=text_collate)

    seen = 0
    hits = 0
    mean_ed = 0
    bar = tqdm(loader)
    for batch in bar:
        pics = Variable(batch["img"])
        if use_gpu:
            pics = pics.cuda()
        texts = model(pics, decode=True)
        truth = (batch["seq"].numpy() - 1).tolist()
        lens = batch["seq_len"].numpy().tolist()
        at = 0
        key = ''
        for k in range(len(texts)):
            want = ''.join(abc[c] for c in truth[at:at+lens[k]])
            at += lens[k]
            if want == texts[k]:
                hits += 1
            else:
                mean_ed += editdistance.eval(texts[k], want)
            seen += 1
            if visualize:
                msg = "guess: {}; truth: {}".format(texts[k], want)
                bar.set_description(msg)
                shown = pics[k].permute(1, 2, 0).cpu().data.numpy().astype(np.uint8)
                cv2.imshow("pic", shown)
                key = chr(cv2.waitKey() & 255)
                if key == 'q':
                    break
        if key == 'q':
            break
        if not visualize:
            bar.set_description("acc: {0:.4f}; mean ed: {0:.4f}".format(hits / seen, mean_ed / seen))

    acc = hits / seen
    mean_ed = mean_ed / seen
    return acc, mean_ed

@click.command()
@click.option('--data-path', type=str, default=None, help='dataset folder')
@click.option('--abc', type=str, default=string.digits+string.ascii_uppercase, help='symbols')
@click.option('--seq-proj', type=str, default="10x20", help='sequence projection')
@click.option('--backend', type=str, default="resnet18", help='feature network')
@click.option('--snapshot', type=str, default=None, help='trained weights')
@click.option('--input-size', type=str, default="320x32", help='input size')
@click.option('--gpu', type=str, default='0', help='GPU ids, e.g. 0,1')
@click.option('--visualize', type=bool, default=False, help='show each prediction')
def main(data_path, abc, seq_proj, backend, snapshot, input_size, gpu, visualize):
    os.environ["CUDA_VISIBLE_DEVICES"] = gpu
    use_gpu = True if gpu is not '' else False

    input_size = [int(v) for v in input_size.split('x')]
    aug = Compose([
        Rotation(),
        Resize(size=(input_size[0], input_size[1]))
    ])
    if data_path is not None:
        ds = TextDataset(data_path=data_path, mode="test", transform=aug)
    else:
        ds = TestDataset(transform=aug, abc=abc)
    seq_proj = [int(v) for v in seq_proj.split('x')]
    model = load_model(ds.get_abc(), seq_proj, backend, snapshot, use_gpu).eval()
    acc, mean_ed = evaluate(model, ds, ds.get_abc(), use_gpu, visualize)
    print("accuracy: {}".format(acc))
    print("edit distance: {}".format(mean_ed))

if __name__ == '__main__':
    main()
