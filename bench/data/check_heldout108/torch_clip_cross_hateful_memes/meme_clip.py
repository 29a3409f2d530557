from transformers import CLIPModel, AutoProcessor
from transformers import CLIPTokenizer, CLIPProcessor, AutoTokenizer
from helpers import b64_to_image
from torch.utils.data import Dataset
import torch.nn as nn
import os
import copy
import torch.nn.functional as F
import torch

class MemePairs(Dataset):
    def __init__(self, dataset):
        self.image_size = 224
        self.dataset = dataset
        self.image_processor = CLIPProcessor.from_pretrained('openai/clip-vit-large-patch14')#'laion/CLIP-ViT-B-32-laion2B-s34B-b79K')#openai/clip-vit-base-patch32')
        self.text_processor = CLIPTokenizer.from_pretrained('openai/clip-vit-large-patch14')#'laion/CLIP-ViT-B-32-laion2B-s34B-b79K')#openai/clip-vit-base-patch32')

    def __len__(self):
        return len(self.dataset)

    def __getitem__(self, i):
        rec = self.dataset[i]
        pix = self.image_processor(images=b64_to_image(rec["image"]).convert("RGB").resize((self.image_size, self.image_size)),
                                            return_tensors="pt")['pixel_values']

        toks = self.text_processor(rec['text'],
                                          padding='max_length', 
                                          return_tensors="pt", 
                                          truncation=True)
        y = torch.LongTensor([rec['label']])

        return {
            'pixel_values': pix,
            'input_ids': toks['input_ids'],
            'attention_mask': toks['attention_mask'],
            'labels': y,
            'idx_memes': rec['id'],
            'image': rec['image']
        }


class MemeCLIP(nn.Module):

    def __init__(self, 
                 map_dim=1024,
                 dropout_lst=[0.1, 0.4, 0.2],
                 pretrained_model='openai/clip-vit-large-patch14',#'laion/CLIP-ViT-B-32-laion2B-s34B-b79K',#'openai/clip-vit-large-patch14',
                 freeze_image_encoder=True,
                 freeze_text_encoder=True
                 ):
        super().__init__()

        self.map_dim = map_dim
        self.dropout_lst = dropout_lst
        self.n_maps = 5
        self.head = 'cross'

        self.clip = CLIPModel.from_pretrained(pretrained_model)
        self.image_encoder = copy.deepcopy(self.clip.vision_model)
        self.text_encoder = copy.deepcopy(self.clip.text_model)

        # fresh projection stacks
        img_maps = [nn.Linear(self.image_encoder.config.hidden_size, self.map_dim),
                            nn.Dropout(p=self.dropout_lst[0])]
        txt_maps = [nn.Linear(self.text_encoder.config.hidden_size, self.map_dim),
                           nn.Dropout(p=self.dropout_lst[0])]
        for _ in range(1, self.n_maps):
            img_maps.extend([nn.ReLU(), 
                                     nn.Linear(self.map_dim, self.map_dim), 
                                     nn.Dropout(p=self.dropout_lst[0])])
            txt_maps.extend([nn.ReLU(), 
                                    nn.Linear(self.map_dim, self.map_dim), 
                                    nn.Dropout(p=self.dropout_lst[0])])

        self.image_map = nn.Sequential(*img_maps)
        self.text_map = nn.Sequential(*txt_maps)

        if self.head == 'concat':
            head_in = self.map_dim*2
        elif self.head == 'cross':
            head_in = self.map_dim**2

        head_layers = [nn.Dropout(p=self.dropout_lst[1])]
        head_layers.extend([nn.Linear(head_in, self.map_dim),
                                  nn.ReLU(),
                                  nn.Dropout(p=self.dropout_lst[2])])

        
        self.pre_output = nn.Sequential(*head_layers)
        self.output = nn.Linear(self.map_dim, 1)

        self.bce = torch.nn.BCELoss(reduction='mean')

        if freeze_image_encoder:
            for _, p in self.image_encoder.named_parameters():
                p.requires_grad_(False)

        if freeze_text_encoder:
            for _, p in self.text_encoder.named_parameters():
                p.requires_grad_(False)
        del self.clip
        # import pdb; pdb.set_trace()
        

    def forward(self, batch, device):
        pix = batch['pixel_values'].to(device)
        ids = batch['input_ids'].to(device)
        mask = batch['attention_mask'].to(device)
        # import pdb; pdb.set_trace()
        img_f = self.image_encoder(pixel_values=pix.squeeze(1)).pooler_output
        img_f = self.image_map(img_f)
        # import pdb; pdb.set_trace()
        txt_f = self.text_encoder(input_ids=ids.squeeze(1),
                                          attention_mask=mask.squeeze(1)).pooler_output
        
        txt_f = self.text_map(txt_f)

        img_f = F.normalize(img_f, p=2, dim=1)
        txt_f = F.normalize(txt_f, p=2, dim=1)

        if self.head == 'concat':
            fused = torch.cat([img_f, txt_f], dim=1)
        elif self.head == 'cross':
            # import pdb; pdb.set_trace()
            fused = torch.bmm(img_f.unsqueeze(2), txt_f.unsqueeze(1)) # [B, d, d]
            fused = fused.reshape(fused.shape[0], -1)  # [B, d*d]
        # import pdb; pdb.set_trace()
        fused = self.pre_output(fused)
        logits = self.output(fused)
        probs = torch.sigmoid(logits)

        return probs
