import gc
import torch

from torcheval.metrics import BinaryAUROC
  
def score_test(net, dev, t_loader):
  summary = {}
  
  m_ctr, m_cvr, m_ctcvr = BinaryAUROC().to('cpu'), BinaryAUROC().to('cpu'), BinaryAUROC().to('cpu')
  
  net.eval()
  for step_i, (clk, conv, feats) in enumerate(t_loader):
    for fk in feats.keys():
      feats[fk] = feats[fk].to(dev)
    clk = torch.unsqueeze(clk.to(dev), 1).to(torch.float)
    conv = torch.unsqueeze(conv.to(dev), 1).to(torch.float)
    
    clk_rows = (clk==1).to(torch.float32).nonzero()[:, 0]
    
    with torch.no_grad():
      outs = net(feats)
    p_ctr, p_cvr, p_ctcvr = outs['pctr'], outs['pcvr'], outs['pctcvr']
    
    p_cvr_clk = p_cvr[clk_rows]
    conv_clk = conv[clk_rows]
    
    p_ctr = p_ctr.squeeze().detach().cpu()
    clk = clk.squeeze().detach().cpu()
    p_cvr_clk = p_cvr_clk.squeeze().detach().cpu()
    conv_clk = conv_clk.squeeze().detach().cpu()
    p_ctcvr = p_ctcvr.squeeze().detach().cpu()
    conv = conv.squeeze().detach().cpu()
    
    m_ctr.update(p_ctr, clk)
    m_cvr.update(p_cvr_clk, conv_clk)
    m_ctcvr.update(p_ctcvr, conv)
    
    del feats, fk, clk, conv, outs, p_ctr, p_cvr, p_ctcvr, p_cvr_clk, conv_clk

    if step_i%100==0:
      gc.collect()
      torch.cuda.empty_cache()

  t_ctr = m_ctr.compute().to("cpu").item()
  t_cvr = m_cvr.compute().to("cpu").item()
  t_ctcvr = m_ctcvr.compute().to("cpu").item()
  
  summary['auc'] = {
    'ctr': t_ctr,
    'cvr': t_cvr,
    'ctcvr': t_ctcvr,
  }
  
  msg = '\n'.join([
    f'test ctr auc {t_ctr:.6f},',
    f'test cvr auc {t_cvr:.6f},',
    f'test ctcvr auc {t_ctcvr:.6f}',
  ])

  print(msg)
  
  return t_ctr, t_cvr, t_ctcvr
