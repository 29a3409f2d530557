import pandas as pd
import numpy as np
import torch
import matplotlib.pyplot as plt
import os
import ast
import re


def build_index(video_feature_path, audio_feature_path, flow_rank_file, max_seq_len, test_file=None):
    def ranks_from_text(txt):
        # drop brackets and quotes, keep the integers
        bare = txt.strip("(),'")
        return list(map(int, bare.strip('[]').split()))


    v_names = os.listdir(video_feature_path)
    a_names = os.listdir(audio_feature_path)

    v_map = {name.split('.')[0]: os.path.join(video_feature_path, name) for name in v_names }
    a_map = {name.split('.')[0]: os.path.join(audio_feature_path, name) for name in a_names}
    
    flow = pd.read_csv(flow_rank_file)
    flow_lookup = dict(zip(flow['vid'], flow['ranks']))
    
    v_df = pd.DataFrame(list(v_map.items()), columns=['vid', 'vid_filename'])
    a_df = pd.DataFrame(list(a_map.items()), columns=['vid', 'aud_filename'])
    flow = pd.read_csv(flow_rank_file)[['vid', 'ranks', 'segments']]

    table = v_df.merge(a_df, on='vid').merge(flow, on='vid')

    table['ranks'] = table['ranks'].apply(
        lambda x: ranks_from_text(x) if isinstance(x, str) else list(map(int, x)))

    # drop clips with a segment longer than the encoders take
    table = table[table['segments'].apply(lambda s: max(np.diff(ast.literal_eval(s))) <= max_seq_len)].reset_index(drop=True)

    if test_file:
        # the held-out list
        with open(test_file, 'r') as fh:
            rows = fh.readlines()

        # keep only those clips
        keep = [r.split('.')[0] for r in rows]
        table = table[table.vid.isin(keep)].reset_index(drop=True)
    return table

def list_collate(batch):
    v, a, c, r = zip(*batch)
    # lists, because every clip has its own length
    return list(v), list(a), list(c), list(r)

def list_collate_test(batch):
    v, a, c, vf, af = zip(*batch)
    # lists, because every clip has its own length
    return list(v), list(a), list(c), list(vf), list(af)

def pad_segment(video_features, audio_features, start_segment, end_segment, max_seq_len, device='cpu'):
    #vs = video_features.clone().detach()
    #as_ = audio_features.clone().detach()

    vs =video_features[start_segment:end_segment,:]
    as_ = audio_features[start_segment:end_segment,:]

    vpad = torch.zeros(max_seq_len, vs.shape[1], device=device)
    vpad[:vs.shape[0], :] = torch.tensor(vs, device=device)

    apad = torch.zeros(max_seq_len, as_.shape[1], device=device)
    apad[:as_.shape[0], :] = torch.tensor(as_, device=device)

    # True where the row is padding
    pad_mask = torch.arange(max_seq_len) >= vs.shape[0]
    pad_mask = pad_mask.unsqueeze(0)  # one row per clip
    return vpad, apad, pad_mask


def write_checkpoint(model, optimizer, epoch, filename):
    """Write weights and optimiser state."""
    state = {
        'epoch': epoch,
        'model_state_dict': model.state_dict(),
        'model_args': model.args,
        'optimizer_state_dict': optimizer.state_dict(),
    }
    torch.save(state, filename)
    print(f"saved epoch {epoch} to {filename}")


def embed_segments(video_model, audio_model, vid, aud, max_seq_len, segments, device='cpu'):

    v_out = []
    a_out = []
    for j in range(1, len(segments)):
        s = segments[j-1]
        e = segments[j]

        v_in, a_in, m = pad_segment(vid, aud, s, e, max_seq_len, device)
        
        v_out.append(video_model(v_in.to(device), m.to(device)))
        a_out.append(audio_model(a_in.to(device), m.to(device)))
    return v_out, a_out



def embed_batch(video_model, audio_model, video_batch, audio_batch, max_seq_len, segments, device='cpu'):
    # all segment embeddings of the batch, computed once
    all_v = []
    all_a = []
    for j in range(len(video_batch)):
        vid = video_batch[j]
        aud = audio_batch[j]

        v_seg, a_seg = embed_segments(video_model, audio_model, vid, aud, max_seq_len, segments[j], device)
        all_v.extend(v_seg)
        all_a.extend(a_seg)
        
    # (segments in the batch x embedding size)
    # the segment count varies by clip
    all_a = torch.stack(all_a)
    all_v = torch.stack(all_v)
    
    # unit length so that dot products are cosines
    all_a = torch.nn.functional.normalize(all_a, p=2, dim=1)
    all_v = torch.nn.functional.normalize(all_v, p=2, dim=1)

    return all_a, all_v



def cross_modal_loss(batch_vid_embeddings, batch_aud_embeddings, k=5, min_val=0):
    # inputs are unit vectors, so the product is a similarity
    
    # negate it into a distance
    dist = (-1) *torch.matmul(batch_vid_embeddings, batch_aud_embeddings.T)

    pos = torch.diag(dist)

    # off-diagonal entries are the negatives
    # mask of them
    off = ~torch.eye(dist.size(0), dtype=torch.bool)

    # pick them out
    neg = dist[off]

    # hardest positives: the farthest
    pos_top, _ = torch.topk(pos.flatten(), k, largest=True)

    # hardest negatives: the closest
    neg_top, _ = torch.topk(neg.flatten(), k, largest=False)

    # every positive against every negative
    pos_col = pos_top.unsqueeze(1)  # (k, 1)
    neg_row = neg_top.unsqueeze(0)  # (1, k)

    # hinge at min_val
    out = torch.maximum(torch.tensor(min_val), pos_col - neg_row)
    out = out.mean()
    return out
