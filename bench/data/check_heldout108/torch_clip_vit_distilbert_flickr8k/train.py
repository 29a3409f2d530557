import os

import torch
import torch.optim as optim
from torch.utils.data import DataLoader, Subset
from torchsummary import summary
from tqdm import tqdm
from transformers import DistilBertTokenizer

from losses import two_way_loss
from clip_net import CLIP
from evaluate_loss import run_validation


def fit(train_set, val_set, cfg):

    net = CLIP(cfg=cfg)

    net.train()

    opt = optim.AdamW(net.parameters(), lr=cfg['train']['lr'], betas=(0.9, 0.98), eps=1e-6, weight_decay=cfg['train']['weight_decay'])
    plateau = optim.lr_scheduler.ReduceLROnPlateau(opt, 
                                                     'min', 
                                                     patience=1)

    dev = 'cuda' if torch.cuda.is_available() else 'cpu'

    net = net.to(dev)

    if cfg['show_model_summary']:
        summary(net, (3, 224, 224))

    if cfg['train']['train_subset']:
        pick = torch.randperm(len(train_set))[:cfg['train']['train_subset']]
        train_set = Subset(train_set, pick)

    tr_loader = DataLoader(
        train_set, batch_size=cfg['train']['batch_size'], shuffle=True)

    n_epochs = cfg['train']['epochs']

    if cfg['train']['continue_training']:
        state = torch.load(cfg['train']['weights_path'],
                                   map_location=torch.device(dev))
        net.load_state_dict(state)

        # resume from the epoch in the file name
        done = int(cfg['train']['weights_path'].split("-")[-1].split(".")[0])
        n_epochs -= done
    done = done if cfg['train']['continue_training'] else 0

    # which = cfg['dataset']['dataset']
    tok = DistilBertTokenizer.from_pretrained("distilbert-base-uncased")
    for ep in range(done, done + n_epochs):
        print(f"epoch {ep + 1}:")
        # for k in tqdm(range(X.shape[0])):
        with tqdm(tr_loader) as bar:
            for pics, texts in bar:

                texts = tok(texts,
                                   padding=True,
                                   truncation=True,
                                   max_length=76,
                                   return_tensors="pt")

                texts = texts.to(dev)
                pics = pics.to(dev)

                _, _, sims = net(pics, texts)
                err = two_way_loss(sims)

                opt.zero_grad()
                err.backward()
                opt.step()
                bar.set_postfix(loss=err.item())

        err = run_validation(net, val_set, tok, cfg)
        plateau.step(err)
        net.train()
        if ep % cfg['train']['save_checkpoint_interval'] == 0:
            torch.save(net.state_dict(), f"{cfg['save_model_path']}-epochs-{ep}.pt")
            print (f"saved checkpoint at epoch {ep}")

    print("finished")
    torch.save(net.state_dict(),
               f"{cfg['save_model_path']}-epochs-{cfg['train']['epochs']}.pt")

    return net


def write_splits(dataset, train_set, val_set, test_set, save_path):
    """
    Write the three splits as csv so later runs reuse them
    """

    dataset.captions.iloc[train_set.indices].to_csv(
        os.path.join(save_path, "train_split.csv"), index_label="index")
    dataset.captions.iloc[val_set.indices].to_csv(
        os.path.join(save_path, "val_split.csv"), index_label="index")
    dataset.captions.iloc[test_set.indices].to_csv(
        os.path.join(save_path, "test_split.csv"), index_label="index")


if __name__ == "__main__":

    torch.manual_seed(42)

    import math

    from pairs import FlickrPairs

    cfg = {"save_model_path": "weights/clip",
           'show_model_summary': False,
           'train': {"epochs": 100, 'lr': 5e-5,
                     'weight_decay': 0.2, "batch_size": 16,
                     "train_subset": False, 
                     "val_subset": False, # e.g. 400
                     "save_sets": "./data",
                     'save_checkpoint_interval': 5,
                     'continue_training': True,
                     'weights_path': "weights/clip-epochs-35.pt"},
           'dataset': {"dataset": "flickr"},
           'model': {"model_name": "clip",
                     "projections": 768}}

    # ds = FlickrPairs(image_folder_path="../data/flickr8k/Images/",
    #                         caption_path="../data/flickr8k/captions.txt")
    ds = FlickrPairs(image_folder_path="/content/flickr8k/Images/",
                            caption_path="/content/flickr8k/captions.txt")
    
    ds.captions['caption'] = ds.captions.groupby(['image'])['caption'].transform(lambda x : '. '.join(x))
    ds.captions = ds.captions.drop_duplicates(subset = ['image'])
    ds.captions.reset_index(drop=True, inplace= True)
    n_all = len(ds)

    train_set, val_set, test_set = torch.utils.data.random_split(ds, lengths=[math.floor(
        n_all*0.8), math.ceil(n_all*0.1), math.floor(n_all*0.1)])

    # write_splits(ds, train_set, val_set, test_set,
    #           save_path=cfg['train']['save_sets'])

    write_splits(ds, train_set, val_set, test_set,
              save_path="/content/splits")

    fit(train_set=train_set, val_set=val_set, cfg=cfg)

    # FashionMNIST is too small for a 224x224x3 encoder
    # train_set, test_set = get_load_data(root = "../data", dataset = "FashionMNIST")
    # fit(epochs = 1, train_set = train_set, in_channels = 1, num_classes = 10)
