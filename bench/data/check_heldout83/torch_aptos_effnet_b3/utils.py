import torch

def write_ckpt(net, opt, ep, path="best_model.pth"):
    state = {
        'model_state_dict': net.state_dict(),
        'optimizer_state_dict': opt.state_dict(),
        'epoch': ep,
    }
    torch.save(state, path)
    print(f'weights written after epoch {ep}')

def read_ckpt(net, path="best_model.pth"):
    state = torch.load(path)
    net.load_state_dict(state['model_state_dict'])
    print(f'weights read from {path}')
