import base64
from PIL import Image
import io
import torch

def accuracy_on(net, loader, device='cpu'):
    hits = 0
    seen = 0
    net = net.to(device)
    
    with torch.no_grad():
        for batch in loader:
            y = batch['labels'].to(device)
            y = y.reshape(-1,1)
            y = y.to(device)

            out = net(batch, device)
            guess = torch.as_tensor((out - 0.5) > 0, dtype=torch.int32)

            seen += y.size(0)
            hits += (guess==y).sum().item()


        acc = hits/seen
    return acc


def b64_to_image(b64_text):
    '''
    Args
    - b64_text (str): base64 text of an encoded image

    Output
    - PIL image (.show() displays it)
    '''
    raw = base64.b64decode(b64_text)
    pic = Image.open(io.BytesIO(raw))
    return pic
