import torch


def extract_feature(net, batches):
    bank = torch.FloatTensor()

    for (imgs, ids) in batches:
        summed = torch.FloatTensor(imgs.size(0), 2048).zero_()
        for k in range(2):
            if k == 1:
                imgs = imgs.index_select(3, torch.arange(imgs.size(3) - 1, -1, -1).long())
            on_gpu = imgs.to('cuda')

            # shape check while debugging
            # on_gpu.size() = ([8, 3, 128, 288])
            out = net(on_gpu)
            # out.size() = ([8, 2048])
            # for the ViT variant use out.data.cpu()

            emb = out[0].data.cpu()
            # original and flipped image features are summed
            summed = summed + emb

        norm = torch.norm(summed, p=2, dim=1, keepdim=True)
        summed = summed.div(norm.expand_as(summed))
        bank = torch.cat((bank, summed), 0)
    return bank


