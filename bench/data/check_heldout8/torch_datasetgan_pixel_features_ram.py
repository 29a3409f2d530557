import os
os.environ["CUDA_DEVICE_ORDER"]="PCI_BUS_ID"   # GPU numbering as nvidia-smi shows it

import sys
sys.path.append('..')

import torch
import torch.nn as nn
torch.manual_seed(0)
import json
from collections import OrderedDict
import numpy as np
gpu_ids = [0]
from PIL import Image
from tqdm import tqdm
import gc

from models.stylegan1 import G_mapping,Truncation,G_synthesis
from utils.utils import multi_acc, colorize_mask, get_label_stas, latent_to_image, oht_to_scalar, Interpolate
import torch.optim as optim
import argparse
from torch.utils.data import Dataset, DataLoader
dev = 'cuda' if torch.cuda.is_available() else 'cpu'
import cv2
from imageio import imwrite as imsave

class PixelFeatureDataset(Dataset):

    def __init__(self, X_feats, y_labels):
        self.X_feats = X_feats
        self.y_labels = y_labels

    def __getitem__(self, idx):
        return self.X_feats[idx], self.y_labels[idx]

    def __len__(self):
        return len(self.X_feats)


class PixelMLP(nn.Module):
    def __init__(self, n_classes, feat_dim):
        super(PixelMLP, self).__init__()
        if n_classes < 32:
            self.mlp = nn.Sequential(
                nn.Linear(feat_dim, 128),
                nn.ReLU(),
                nn.BatchNorm1d(num_features=128),
                nn.Linear(128, 32),
                nn.ReLU(),
                nn.BatchNorm1d(num_features=32),
                nn.Linear(32, n_classes),
            )
        else:
            self.mlp = nn.Sequential(
                nn.Linear(feat_dim, 256),
                nn.ReLU(),
                nn.BatchNorm1d(num_features=256),
                nn.Linear(256, 128),
                nn.ReLU(),
                nn.BatchNorm1d(num_features=128),
                nn.Linear(128, n_classes),
            )

    def forward(self, x_in):
        return self.mlp(x_in)

def build_generator(cfg):
    if cfg['category'] == "cat":
        out_res = 256
        n_layers_max = 7
    else:
        out_res = 512
        n_layers_max = 8

    mean_latent = np.load(cfg['average_latent'])
    mean_latent = torch.from_numpy(mean_latent).type(torch.FloatTensor).to(dev)

    gen_all = nn.Sequential(OrderedDict([
        ('g_mapping', G_mapping()),
        ('truncation', Truncation(mean_latent,max_layer=n_layers_max, device=dev, threshold=0.7)),
        ('g_synthesis', G_synthesis( resolution=out_res))
    ]))

    gen_all.load_state_dict(torch.load(cfg['stylegan_checkpoint'], map_location=dev))
    gen_all.eval()
    gen_all = nn.DataParallel(gen_all, device_ids=gpu_ids).cuda()

    feat_res  = cfg['dim'][1]
    up_mode = cfg['upsample_mode']
    up_layers = [nn.Upsample(scale_factor=feat_res / 4, mode=up_mode),
                  nn.Upsample(scale_factor=feat_res / 4, mode=up_mode),
                  nn.Upsample(scale_factor=feat_res / 8, mode=up_mode),
                  nn.Upsample(scale_factor=feat_res / 8, mode=up_mode),
                  nn.Upsample(scale_factor=feat_res / 16, mode=up_mode),
                  nn.Upsample(scale_factor=feat_res / 16, mode=up_mode),
                  nn.Upsample(scale_factor=feat_res / 32, mode=up_mode),
                  nn.Upsample(scale_factor=feat_res / 32, mode=up_mode),
                  nn.Upsample(scale_factor=feat_res / 64, mode=up_mode),
                  nn.Upsample(scale_factor=feat_res / 64, mode=up_mode),
                  nn.Upsample(scale_factor=feat_res / 128, mode=up_mode),
                  nn.Upsample(scale_factor=feat_res / 128, mode=up_mode),
                  nn.Upsample(scale_factor=feat_res / 256, mode=up_mode),
                  nn.Upsample(scale_factor=feat_res / 256, mode=up_mode)
                  ]
    if out_res > 256:
        up_layers.append(nn.Upsample(scale_factor=feat_res / 512, mode=up_mode))
        up_layers.append(nn.Upsample(scale_factor=feat_res / 512, mode=up_mode))
    return gen_all, mean_latent, up_layers


def build_pixel_data(cfg, color_palette):
    gen_all, mean_latent, up_layers = build_generator(cfg)
    latents = np.load(cfg['annotation_image_latent_path'])
    latents = torch.from_numpy(latents).cuda()

    # read the annotated masks and images
    mask_arrays = []
    image_list = []
    latents = latents[:cfg['max_training']]
    n_data = len(latents)

    for i in range(len(latents)):
        if i >= cfg['max_training']:
            break
        mask_file = 'image_mask%0d.npy' % i
        mask_raw = np.load(os.path.join( cfg['annotation_mask_path'] , mask_file))
        mask_img = np.array(mask_raw)
        mask_img =  cv2.resize(np.squeeze(mask_img), dsize=(cfg['dim'][1], cfg['dim'][0]), interpolation=cv2.INTER_NEAREST)
        mask_arrays.append(mask_img)
        img_path = os.path.join( cfg['annotation_mask_path'], 'image_%d.jpg' % i)
        image = Image.open(img_path)
        image = image.resize((cfg['dim'][1], cfg['dim'][0]))
        image_list.append(np.array(image))

    # drop labels covering fewer than 30 pixels
    for i in range(len(mask_arrays)):  # tiny regions are annotation noise
        for cls_id in range(1, 50):
            if (mask_arrays[i] == cls_id).sum() < 30:
                mask_arrays[i][mask_arrays[i] == cls_id] = 0

    mask_stack = np.stack(mask_arrays)

    # 3. per-pixel StyleGAN features and labels of every annotated image, in one array
    train_feature_maps = np.zeros((cfg['dim'][0] * cfg['dim'][1] * len(latents), cfg['dim'][2]), dtype=np.float16)
    train_masks = np.zeros((cfg['dim'][0] * cfg['dim'][1] * len(latents),), dtype=np.float16)

    vis_rows = []
    for i in range(len(latents) ):
        gc.collect()
        latent_in = latents[i].float()
        image, feature_map = latent_to_image(gen_all, up_layers, latent_in.unsqueeze(0), dim=cfg['dim'][1],
                                            return_upsampled_layers=True, use_style_latents=cfg['annotation_data_from_w'])
        if cfg['dim'][0]  != cfg['dim'][1]:
            # car images are cropped to 384 rows
            image = image[:, 64:448]
            feature_map = feature_map[:, :, 64:448]
        mask_img = mask_stack[i:i + 1]
        feature_map = feature_map.permute(0, 2, 3, 1)
        feature_map = feature_map.reshape(-1, cfg['dim'][2])
        mask_2d =  np.squeeze(mask_img)
        mask_img = mask_img.reshape(-1)

        train_feature_maps[cfg['dim'][0] * cfg['dim'][1] * i: cfg['dim'][0] * cfg['dim'][1] * i + cfg['dim'][0] * cfg['dim'][1]] = feature_map.cpu().detach().numpy().astype(np.float16)
        train_masks[cfg['dim'][0] * cfg['dim'][1] * i:cfg['dim'][0] * cfg['dim'][1] * i + cfg['dim'][0] * cfg['dim'][1]] = mask_img.astype(np.float16)

        image_show =  cv2.resize(np.squeeze(image[0]), dsize=(cfg['dim'][1], cfg['dim'][1]), interpolation=cv2.INTER_NEAREST)
        vis_row = np.concatenate( [image_list[i], image_show, colorize_mask(mask_2d, color_palette)], 0 )
        vis_rows.append( vis_row )

    vis_rows = np.concatenate(vis_rows, 1)
    imsave(os.path.join(cfg['exp_dir'], "train_data.jpg"), vis_rows)

    return train_feature_maps, train_masks, n_data


def run_main(cfg):
    from utils.data_util import cat_palette as color_palette

    train_feature_maps_all, train_masks_all, n_data = build_pixel_data(cfg, color_palette)

    train_dataset = PixelFeatureDataset(torch.FloatTensor(train_feature_maps_all),
                           torch.FloatTensor(train_masks_all))

    label_counts = get_label_stas(train_dataset)
    top_label = max([*label_counts])
    print(" ---- highest label id: " + str(top_label) + " ----")
    print(" ---- annotated images: " + str(n_data) + " ----")

    batch_n = cfg['batch_size']
    train_batches = DataLoader(dataset=train_dataset, batch_size=batch_n, shuffle=True)

    for model_i in range(cfg['model_num']):
        gc.collect()
        pixel_model = PixelMLP(n_classes=(top_label + 1), feat_dim=cfg['dim'][-1])
        pixel_model = nn.DataParallel(pixel_model, device_ids=gpu_ids).cuda()
        ce_loss = nn.CrossEntropyLoss()
        adam_optimizer = optim.Adam(pixel_model.parameters(), lr=0.001)
        pixel_model.train()

        it_count = 0
        stall_count = 0
        lowest_loss = 10000000
        stop_now = 0
        for ep in range(100):
            for batch_X, batch_y in train_batches:
                batch_X, batch_y = batch_X.to(dev), batch_y.to(dev)
                batch_y = batch_y.type(torch.long)

                adam_optimizer.zero_grad()
                pred_y = pixel_model(batch_X)
                batch_loss = ce_loss(pred_y, batch_y)
                batch_acc = multi_acc(pred_y, batch_y)

                batch_loss.backward()
                adam_optimizer.step()

                it_count += 1
                if it_count % 1000 == 0:
                    print('epoch', str(ep), 'step', it_count, 'loss', batch_loss.item(), 'accuracy', batch_acc)
                    gc.collect()

                if ep > 3:
                    if batch_loss.item() < lowest_loss:
                        lowest_loss = batch_loss.item()
                        stall_count = 0
                    else:
                        stall_count += 1
                    if stall_count > 50:
                        stop_now = 1
                        break
            if stop_now == 1:
                break

        ckpt_path = os.path.join(cfg['exp_dir'], 'model_' + str(model_i) + '.pth')
        torch.save({'model_state_dict': pixel_model.state_dict()}, ckpt_path)
        gc.collect()
        torch.cuda.empty_cache()    # hand cached blocks back


if __name__ == '__main__':
    arg_parser = argparse.ArgumentParser()
    arg_parser.add_argument('--exp', type=str)
    arg_parser.add_argument('--exp_dir', type=str,  default="")
    cfg = arg_parser.parse_args()

    run_opts = json.load(open(cfg.exp, 'r'))
    if cfg.exp_dir != "":
        run_opts['exp_dir'] = cfg.exp_dir
    os.makedirs(run_opts['exp_dir'], exist_ok=True)
    run_main(run_opts)
