import torch


def extract_feature(net, loader):
    bank = torch.FloatTensor()

    for (imgs, tags) in loader:

        dev_imgs = imgs.to('cuda')
        out = net(dev_imgs)
        emb_a = out[0].data.cpu()

        # mirrored view
        imgs = imgs.index_select(3, torch.arange(imgs.size(3) - 1, -1, -1))
        dev_imgs = imgs.to('cuda')
        out = net(dev_imgs)
        emb_b = out[0].data.cpu()
        emb = emb_a + emb_b

        norms = torch.norm(emb, p=2, dim=1, keepdim=True)
        emb = emb.div(norms.expand_as(emb))
        bank = torch.cat((bank, emb), 0)
    return bank
