import os
import pandas as pd
import numpy as np
import torch
import torch.nn as nn

import torch.optim as optim

import itertools
import random

import argparse
import tqdm

import helpers
from encoders import Transformer
from av_data import ClipPairDataset
from torch.utils.data import DataLoader, Dataset

if __name__ == '__main__':
    torch.set_default_dtype(torch.float32)

    ap = argparse.ArgumentParser(description='video-music matching trainer')

    # encoder settings
    ap.add_argument("-ms", "--max_seq_len", type=int, default=200, help='longest segment fed to an encoder')
    ap.add_argument("-nh", "--num_heads", type=int, default=4, help='attention heads per encoder')
    ap.add_argument("-nl", "--num_layers", type=int, default=4, help='encoder depth')

    ap.add_argument("-ida", "--input_dim_audio", type=int, default=128, help='audio feature size')
    ap.add_argument("-idv", "--input_dim_video", type=int, default=2048, help='video feature size')
    ap.add_argument("-ed", "--embed_dim", type=int, default=32, help='shared embedding size')

    # segment settings
    ap.add_argument("-mf", "--min_frames", type=int, default=5, help='fewest frames a segment may have')
    ap.add_argument("-sg", "--segments", type=int, default=20, help='segments cut per video')

    # loss settings
    ap.add_argument("-l1", "--lambda1", type=float, default=0.33, help='cross-modal term weight')
    ap.add_argument("-l2", "--lambda2", type=float, default=0.33, help='high-flow triplet weight')
    ap.add_argument("-l3", "--lambda3", type=float, default=0.33, help='low-flow triplet weight')
    ap.add_argument("-lr", "--learning_rate", type=float, default=1e-4, help='Adam step size')
    ap.add_argument("-m", "--margin", type=float, default=0.1, help='triplet margin')

    # optimisation settings
    ap.add_argument("-bs", "--batch_size", type=int, default=128, help='videos per batch')
    ap.add_argument("-e", "--epochs", type=int, default=1000, help='passes over the data')
    ap.add_argument("-k", "--top_k", type=int, default=16, help='hardest pairs kept')
    ap.add_argument("-fk", "--flow_k", type=int, default=16, help='flow triplets drawn per batch')

    # cluster paths
    ap.add_argument("-sp", "--save_path", type=str, default='/scratch/avmatch/ckpt/resnet', help='where checkpoints go')    
    ap.add_argument("-vfp", "--video_feature_path", type=str, default='/scratch/avmatch/yt8m/resnet101', help='folder of video .npy features')
    ap.add_argument("-afp", "--audio_feature_path", type=str, default='/scratch/avmatch/yt8m/vggish', help='folder of audio .npy features')
    ap.add_argument("-frf", "--flow_ranks_file", type=str, default='/scratch/avmatch/yt8m/flow/ranks.csv', help='csv of optical-flow ranks')

    
    cfg = vars(ap.parse_args())
    dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")

    # checkpoint folder
    os.makedirs(cfg['save_path'], exist_ok=True)
    aud_enc = Transformer(input_dim=cfg['input_dim_audio'], embed_dim=cfg['embed_dim'], \
                             num_heads=cfg['num_heads'], num_layers=cfg['num_layers'], max_seq_len=cfg['max_seq_len'])

    vid_enc = Transformer(input_dim=cfg['input_dim_video'], embed_dim=cfg['embed_dim'], \
                             num_heads=cfg['num_heads'], num_layers=cfg['num_layers'], max_seq_len=cfg['max_seq_len'])

    aud_enc.to(dev)
    vid_enc.to(dev)

    # optimiser of the audio encoder
    aud_opt = optim.Adam(aud_enc.parameters(), lr=cfg['learning_rate'])

    # optimiser of the video encoder
    vid_opt = optim.Adam(vid_enc.parameters(), lr=cfg['learning_rate'])

    index_df = helpers.build_index(cfg['video_feature_path'], cfg['audio_feature_path'], cfg['flow_ranks_file'], cfg['max_seq_len'])
    print(f"clips available: {len(index_df)}")

    ds = ClipPairDataset(index_df)
    dl = DataLoader(ds, batch_size=cfg['batch_size'], shuffle=True, collate_fn=helpers.list_collate)


    trip = nn.TripletMarginLoss(margin=cfg['margin'])

    log_df = pd.DataFrame()
    ep=0
    print("ready")
    # loop over epochs and batches
    for ep in tqdm.tqdm(range(cfg['epochs'])):
        print(f"epoch {ep} begins")
        for b, (vids, auds, cuts, ranks_b) in enumerate(dl):
            vids = [torch.tensor(v).to(dev) for v in vids]
            auds = [torch.tensor(a).to(dev) for a in auds]

            try:

                aud_opt.zero_grad()
                vid_opt.zero_grad()

                # embed every segment of every clip
                # and stack them into two tensors
                a_emb, v_emb = helpers.embed_batch(vid_enc, aud_enc, vids, auds, cfg['max_seq_len'], cuts, dev)

                
                # cross-modal hard-pair term
                xm_loss = helpers.cross_modal_loss(v_emb, a_emb, k=cfg['top_k'], min_val=0)


                # optical-flow triplet terms:
                # for each clip take the segment with the highest and the lowest
                # flow rank and turn it into a row index of the stacked
                # embeddings
                hi_idx = []
                lo_idx = []
                offset = 0
                for r in ranks_b:
                    hi_idx.append(offset + np.argmin(r))
                    lo_idx.append(offset + np.argmax(r))
                    offset += len(r)

                # draw (high, high, low) triplets
                hi_trips = list(itertools.product(hi_idx, hi_idx, lo_idx))
                hi_trips = [random.choice(hi_trips) for _ in range(cfg['flow_k'])]

                # draw (low, low, high) triplets
                lo_trips = list(itertools.product(lo_idx, lo_idx, hi_idx))
                lo_trips = [random.choice(lo_trips) for _ in range(cfg['flow_k'])]

                hi_loss = 0
                for a_i, p_i, n_i in hi_trips:
                	# same modality
                    hi_loss += trip(v_emb[a_i], v_emb[p_i], v_emb[n_i])
                    hi_loss += trip(a_emb[a_i], a_emb[p_i], a_emb[n_i])

                    # across modalities
                    hi_loss += trip(v_emb[a_i], a_emb[p_i], v_emb[n_i])
                    hi_loss += trip(a_emb[a_i], v_emb[p_i], a_emb[n_i])

                lo_loss = 0
                for a_i, p_i, n_i in lo_trips:
                	# same modality
                    lo_loss += trip(v_emb[a_i], v_emb[p_i], v_emb[n_i])
                    lo_loss += trip(a_emb[a_i], a_emb[p_i], a_emb[n_i])

                    # across modalities
                    lo_loss += trip(v_emb[a_i], a_emb[p_i], v_emb[n_i])
                    lo_loss += trip(a_emb[a_i], v_emb[p_i], a_emb[n_i])

                total = cfg['lambda1']*xm_loss + cfg['lambda2']*hi_loss + cfg['lambda3']*lo_loss
                total.backward()
                aud_opt.step()
                vid_opt.step()
                print(f'epoch {ep}, batch {b}, loss {total}')

            except Exception as err:
                # keep going when one batch breaks
                print(f"epoch {ep}, batch {b} failed: {err}")

        if ep % 10 == 0:
            helpers.write_checkpoint(aud_enc, aud_opt, ep, cfg['save_path'] + f'/audio_{ep}.pth')
            helpers.write_checkpoint(vid_enc, vid_opt, ep, cfg['save_path'] + f'/video_{ep}.pth')
