import torch
import numpy as np
from settings import *
import torch.nn as nn
from torch import optim
import torch.nn.functional as F
from tqdm import tqdm
import os
from glob import glob
import random
import math
from tensorboard_logger import configure, log_value

configure("../../data/MSVD/tb/run-1")

device = torch.device("cuda:2" if torch.cuda.is_available() else "cpu")

# ids of the videos of each split
train_vids = os.listdir(caption_tr_path)
train_vids = [item[:-3] for item in train_vids]

valid_vids = os.listdir(caption_vl_path)
valid_vids = [item[:-3] for item in valid_vids]

every_vid = train_vids + valid_vids

# word -> vector table
w2v = torch.load(word2vec_path)
w2v['<s>'] = np.zeros((word_dim))
w2v['</s>'] = np.ones((word_dim))

def build_index_to_word():

    id_to_word = {}
    id_to_word[0] = '<s>'
    id_to_word[1] = '</s>'
    nxt = 2

    for v in every_vid:
        if v in train_vids:
            caps_of_v = torch.load(caption_tr_path + v + '.pt')
        else:
            caps_of_v = torch.load(caption_vl_path + v + '.pt')

        for sent in caps_of_v[v]:
            for tok in sent.split(' '):
                if tok not in list(id_to_word.values()):
                    id_to_word[nxt] = tok
                    nxt += 1

    return id_to_word

def caption_stats():
    """See the code below.

"""
    caps_per_vid_max = 0
    words_per_cap_max = 0

    for v in every_vid:
        if v in train_vids:
            caps_of_v = torch.load(caption_tr_path + v + '.pt')
        else:
            caps_of_v = torch.load(caption_vl_path + v + '.pt')

        caps_per_vid_max = max(caps_per_vid_max, len(caps_of_v[v]))

        for sent in caps_of_v[v]:
            words_per_cap_max = max(words_per_cap_max, len(sent.split()))

    return caps_per_vid_max, words_per_cap_max

def longest_video():

    frames_max = 0

    for v in every_vid:
        if v in train_vids:
            caps_of_v = torch.load(resnet_features_tr_path + v + '.pt')
        else:
            caps_of_v = torch.load(resnet_features_vl_path + v + '.pt')

        frames_max = max(frames_max, len(caps_of_v))

    return frames_max

# object files come from the preprocessing step

def most_objects():

    objects_max = 0

    for v in every_vid:
        if v in train_vids:
            caps_of_v = torch.load(object_features_tr_path + v + '.pt')
        else:
            caps_of_v = torch.load(object_features_vl_path + v + '.pt')

        for frm, _ in caps_of_v.items():
            objects_max = max(objects_max, len(caps_of_v[frm]))

    return objects_max


# per-batch caption tensors
class CaptionBank:
    """See the code below.



"""
    def __init__(self, caps_per_vid_max, words_per_cap_max, run_training=True):
        if run_training == True:
            self.cap_dir = caption_features_tr_path
        else:
            self.cap_dir = caption_features_vl_path

        self.caps_per_vid_max = caps_per_vid_max
        self.words_per_cap_max = words_per_cap_max

    def per_video_counts(self, vid_list):
        inst = []
        for v in vid_list:
            vf = torch.load(self.cap_dir + v + '.pt')
            inst.append(len(vf[v]))

        return inst

    def as_tensor(self, vid_list):
        n_caps = 0
        for v in vid_list:
            vf = torch.load(self.cap_dir + v + '.pt')
            n_caps += len(vf[v])

        caps = torch.zeros((n_caps, self.words_per_cap_max, word_dim))

        row = 0
        for v in vid_list:
            vf = torch.load(self.cap_dir + v + '.pt')
            for sent in vf[v]:
                n_words = sent.shape[0]
                caps[row,0:n_words,:] = torch.from_numpy(sent)
                row += 1

        return caps

# per-batch object tensors
class ObjectBank():
    """See the code below.




"""

    def __init__(self, frames_max, max_object, run_training=True):
        if run_training == True:
            self.obj_dir = object_features_tr_path
        else:
            self.obj_dir = object_features_vl_path

        self.frames_cap = frames_max
        self.objs_cap = max_object

    def as_tensor(self, vid_list, per_video_counts):

        n_inst = sum(per_video_counts)

        obj_t = torch.zeros((n_inst, self.frames_cap, \
                                    self.objs_cap, object_dim))

        first_row = 0
        for i, v in enumerate(vid_list):
            of = torch.load(self.obj_dir + v + '.pt')
            for j, frm in enumerate(of.values()):
                if len(frm) != 0:
                    for k, o in enumerate(frm):
                        vec = list(o.values())[0]['feature']
                        obj_t[first_row,j,k] = torch.from_numpy(vec)

            obj_t[first_row:first_row + per_video_counts[i]] = \
            obj_t[first_row].unsqueeze(0). \
            repeat(per_video_counts[i], 1, 1, 1)

            first_row += per_video_counts[i]

        return obj_t

# per-batch appearance tensors
class ResnetBank:
    """See the code below.




"""

    def __init__(self, frames_max, run_training=True):
        if run_training == True:
            self.rn_dir = resnet_features_tr_path
        else:
            self.rn_dir = resnet_features_vl_path

        self.frames_max = frames_max

    def as_tensor(self, vid_list, per_video_counts):
        n_inst = sum(per_video_counts)

        rn_t = torch.zeros(n_inst, self.frames_max, resnet_dim)

        first_row = 0
        for i, v in enumerate(vid_list):
            frames_of_v = torch.load(self.rn_dir + v + '.pt')
            for j,(fno,fvec) in enumerate(frames_of_v.items()):
                rn_t[first_row,j] = torch.from_numpy(fvec)

            rn_t[first_row:first_row+per_video_counts[i]] = \
             rn_t[first_row].unsqueeze(0).repeat \
             (per_video_counts[i], 1, 1)

            first_row += per_video_counts[i]

        return rn_t

# per-batch motion tensors
class FlowBank:
    """See the code below.




"""

    def __init__(self, frames_max, run_training=True):
        if run_training == True:
            self.flow_dir = optical_features_tr_path
        else:
            self.flow_dir = optical_features_vl_path

        self.frames_max = frames_max

    def as_tensor(self, vid_list, per_video_counts):
        n_inst = sum(per_video_counts)

        flow_t = torch.zeros(n_inst, self.frames_max, optical_dim)

        first_row = 0
        for i, v in enumerate(vid_list):
            frames_of_v = torch.load(self.flow_dir + v + '.pt')
            for i,(fno,fvec) in enumerate(frames_of_v.items()):
                flow_t[first_row,i] = torch.from_numpy(fvec)

            flow_t[first_row:first_row + per_video_counts[i]] = \
             flow_t[first_row].unsqueeze(0).repeat \
             (per_video_counts[i], 1, 1)

            first_row += per_video_counts[i]

        return flow_t
# note
# model
class ThreeLevelAttention(nn.Module):

    def __init__(self, n_frames, n_objs, bidir):

        super(ThreeLevelAttention, self).__init__()

        self.n_frames = n_frames
        self.n_objs = n_objs

        self.n_dirs = 2 if bidir else 1

        # see code
        self.att_obj = nn.Sequential(nn.Linear(self.n_objs*object_dim,self.n_objs), \
                                   nn.Softmax(dim=1))

        # see code
        self.att_src = nn.Sequential(nn.Linear(3*resnet_dim, 3),
                                   nn.Softmax(dim=1))

        # see code
        self.att_time = nn.Sequential(nn.Linear(self.n_frames*resnet_dim,self.n_frames), \
                                   nn.Softmax(dim=1))


    def forward(self, per_video_counts, rn_in, flow_in, obj_in):

        # see code
        n_inst = sum(per_video_counts)

        att_obj = self.att_obj(obj_in)
        # see code
        att_obj = att_obj.view(n_inst*self.n_frames, self.n_objs, 1)
        # see code
        obj_in = obj_in.view(n_inst*self.n_frames, \
                        resnet_dim, self.n_objs)
        # see code
        obj_pooled = torch.bmm(obj_in, att_obj)
        # see code
        obj_pooled = obj_pooled.view(n_inst, self.n_frames, resnet_dim)
        # see code

        # see code

        stacked = torch.cat((obj_pooled, rn_in, flow_in), 2)
        # see code
        att_src = self.att_src(stacked)
        # see code
        att_src = att_src.view(n_inst*self.n_frames, 3, 1)
        # see code

        stacked = stacked.view(n_inst*self.n_frames, \
                                         resnet_dim, 3)
        # see code
        src_pooled = torch.bmm(stacked, att_src)
        # see code
        src_pooled = src_pooled.view(n_inst, self.n_frames, resnet_dim)
        # see code

        # see code

        vfeat = src_pooled.view(n_inst, self.n_frames* resnet_dim)
        # see code

        att_time = self.att_time(vfeat)
        # see code
        att_time = att_time.unsqueeze(2).repeat(1, 1, resnet_dim)
        # see code

        vfeat = vfeat.view(n_inst, self.n_frames, resnet_dim)
        vid_att = vfeat * att_time
        # see code
        return vid_att, self.att_obj, self.att_src, self.att_time


class FrameEncoder(nn.Module):
    def __init__(self, hidden_size, num_layers, bidirectional=False):

        super(FrameEncoder, self).__init__()

        self.n_dirs = 2 if bidirectional else 1
        self.num_layers = num_layers
        self.hidden_size = hidden_size

        # frame LSTM
        self.enc_lstm = nn.LSTM(input_size=resnet_dim, hidden_size = self.hidden_size, \
                             num_layers=self.num_layers, batch_first=True, \
                             bidirectional=bidirectional)

    def forward(self, frames_in, enc_state):
        _, enc_state = self.enc_lstm(frames_in, enc_state)
        # see code

        return enc_state

    def init_hidden(self):
        return (torch.zeros((1, self.num_layers*self.n_dirs, self.hidden_size))).to(device), \
               (torch.zeros((1, self.num_layers*self.n_dirs, self.hidden_size))).to(device)


class WordDecoder(nn.Module):
    def __init__(self, hidden_size, num_layers, bidirectional=False):

        super(WordDecoder, self).__init__()

        n_dirs = 2 if bidirectional else 1

        # word LSTM
        self.dec_lstm = nn.LSTM(input_size=word_dim, hidden_size = hidden_size, \
                             num_layers = num_layers, batch_first=True, \
                             bidirectional=bidirectional)

        self.to_word = nn.Sequential(nn.Linear(n_dirs*hidden_size, word_dim), \
                                    nn.Softmax(dim=1))


    def forward(self, w_in, enc_state):

        w_out, _ = self.dec_lstm(w_in, enc_state)
        w_out = self.to_word(w_out)
        # see code

        return w_out


# training
def run_training(att_net, enc_net, dec_net, caps, obj_bank, flow_bank, rn_bank, \
          obj_bank_v, rn_bank_v, flow_bank_v, cap_bank_v, n_epochs, lr_in, \
          batch_size, dec_steps):

    opt_att = optim.Adam(att_net.parameters(), lr=learning_rate)
    opt_enc = optim.Adam(enc_net.parameters(), lr=learning_rate)
    opt_dec = optim.Adam(dec_net.parameters(), lr=learning_rate)

    mse = nn.MSELoss()

    for ep in tqdm(range(n_epochs)):

        # training mode
        att_net = att_net.train()
        enc_net = enc_net.train()
        dec_net = dec_net.train()

        loss = 0
        n_batches = math.ceil(len(train_vids) / batch_size)

        for i in range(n_batches):

            lo = i*batch_size
            hi = min((i+1)*batch_size, len(train_vids))
            vid_list = train_vids[lo:hi]

            cap_t = caps.as_tensor(vid_list).to(device)
            inst = caps.per_video_counts(vid_list)

            obj_t = obj_bank.as_tensor(vid_list, inst).to(device)
            flow_t = flow_bank.as_tensor(vid_list, inst).to(device)
            rn_t = rn_bank.as_tensor(vid_list, inst).to(device)

            vid_att, _, _, _ = att_net(inst, rn_t, flow_t, obj_t)

            for i in range(sum(inst)):

                enc_state = enc_net.init_hidden()

                for fno in range(frames_max): # encode the frames of this instance
                    frm = vid_att[i, fno].view(1, 1, resnet_dim)
                    enc_state = enc_net(frm, enc_state)

                # decode one sentence
                teacher = True if random.random() < teacher_force_ratio else False
                w_in = torch.zeros((1,1,word_dim)).to(device) # start token

                if teacher:
                    # feed the reference word
                    for t in range(dec_steps):
                        w_out = dec_net(w_in, enc_state)
                        target_w = cap_t[i,t].unsqueeze(0).unsqueeze(0)

                        loss += mse(w_out, target_w)
                        w_in = target_w

                else:
                    # feed back the prediction
                    for t in range(dec_steps):
                        w_out = dec_net(w_in, enc_state)
                        target_w = cap_t[i,t].unsqueeze(0).unsqueeze(0)

                        loss += mse(w_out, target_w)
                        w_in = w_out

            loss.backward()

            opt_att.step()
            opt_enc.step()
            opt_dec.step()

        log_value('train/loss', loss, ep)

        # write the weights
        ckpt = {'attention':att_net.state_dict(), \
                  'encoder':enc_net.state_dict(), 'decoder':dec_net.state_dict()}
        torch.save(ckpt, model_params_path + str(ep) + '.pt')

        # validation pass at every epoch end
        att_net = att_net.eval()
        enc_net = enc_net.eval()
        dec_net = dec_net.eval()
        run_validation(ep, att_net, enc_net, dec_net, cap_bank_v, obj_bank_v, flow_bank_v, rn_bank_v, batch_size, dec_steps)

def run_validation(ep_tr, att_net, enc_net, dec_net, caps, obj_bank, flow_bank, rn_bank, batch_size,dec_steps):

    mse = nn.MSELoss()
    n_batches = math.ceil(len(valid_vids) / batch_size)

    loss = 0

    for b in tqdm(range(n_batches)):

        lo = b*batch_size
        hi = min((b+1)*batch_size, len(valid_vids))
        vid_list = valid_vids[lo:hi]

        cap_t = caps.as_tensor(vid_list).to(device)
        inst = caps.per_video_counts(vid_list)

        obj_t = obj_bank.as_tensor(vid_list, inst).to(device)
        flow_t = flow_bank.as_tensor(vid_list, inst).to(device)
        rn_t = rn_bank.as_tensor(vid_list, inst).to(device)

        vid_att, _, _, _ = att_net(inst, rn_t, flow_t, obj_t)

        for i in range(sum(inst)):

            enc_state = enc_net.init_hidden()

            for fno in range(frames_max): # encode the frames of this instance
                frm = vid_att[i, fno].view(1, 1, resnet_dim)
                enc_state = enc_net(frm, enc_state)

            w_in = torch.zeros((1,1,word_dim)).to(device) # start token

            # feed back the prediction
            for t in range(dec_steps):
                w_out = dec_net(w_in, enc_state)
                target_w = cap_t[i,t].unsqueeze(0).unsqueeze(0)

                loss += mse(w_out, target_w)
                w_in = w_out

    log_value('valid/loss', loss, ep_tr)

if __name__ == "__main__":

    # sizes of the data
    id2w = build_index_to_word()
    caps_per_vid_max, words_per_cap_max = caption_stats()
    frames_max = longest_video()
    objects_max = most_objects()

    # feature banks
    obj_bank = ObjectBank(frames_max, objects_max, run_training=True)
    rn_bank = ResnetBank(frames_max, run_training=True)
    optical = FlowBank(frames_max, run_training=True)
    caps = CaptionBank(caps_per_vid_max, words_per_cap_max, run_training=True)

    obj_bank_v = ObjectBank(frames_max, objects_max, run_training=False)
    rn_bank_v = ResnetBank(frames_max, run_training=False)
    flow_bank_v = FlowBank(frames_max, run_training=False)
    cap_bank_v = CaptionBank(caps_per_vid_max, words_per_cap_max, run_training=False)

    att_net = ThreeLevelAttention(frames_max, objects_max, bidir).to(device)
    enc_net = FrameEncoder(hidden_size, num_layers, bidir).to(device)
    dec_net = WordDecoder(hidden_size, num_layers, bidir).to(device)

    run_training(att_net, enc_net, dec_net, caps, obj_bank, optical, rn_bank, \
          obj_bank_v, rn_bank_v, flow_bank_v, cap_bank_v, num_epoch, \
          learning_rate, batch_size, words_per_cap_max)

    print('training finished')















# end
