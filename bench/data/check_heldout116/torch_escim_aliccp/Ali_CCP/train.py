import gc

import torch
import torch.nn as nn
import torch.optim as optim
from torch.distributions import Normal

from torcheval.metrics import BinaryAUROC

from Ali_CCP.constants import vocabulary_size, column_type

from Ali_CCP.models.escim import Esmm_C, VAE
from Ali_CCP.models.esmm import Esmm
from Ali_CCP.models.escm2 import Escm2
from Ali_CCP.models.dcmt import DCMT

from common.loss import linear_annealing, vae_loss
from Ali_CCP.eval import score_test

def fit_prior_scm(cfg, fit_loader, dev):
  emb_dim = cfg["embedding_size"]
  z_dim = len(vocabulary_size) * cfg["latent_dim_multiplier"]
  hid_dims = cfg["mlp_dims"]
  step_size = cfg["lr"]
  decay = cfg["wd"]
  
  std_normal = Normal(0, 1)
  net = Esmm_C(
    feature_vocabulary=vocabulary_size,
    embedding_size=emb_dim,
    latent_dim=z_dim,
    backbone_model='mlp',
    model_config = {
      'mlp_dims': hid_dims
  })
  net = net.to(dev)
  
  # objectives and optimiser
  bce = nn.BCELoss()
  bce_each = nn.BCELoss(reduction='none')
  opt = optim.Adam(net.parameters(), lr=step_size, weight_decay=decay)

  n_epochs = 2
  w_cvr = 0.1
  
  n_steps = len(fit_loader)
  
  net.train()
  for ep in range(n_epochs):
    epoch_loss = 0.0
    
    for _, (clk, conv, feats) in enumerate(fit_loader):
      for fk in feats.keys():
        feats[fk] = feats[fk].to(dev)
      clk = torch.unsqueeze(clk.to(dev), 1).to(torch.float)
      conv = torch.unsqueeze(conv.to(dev), 1).to(torch.float)
      
      clk_rows = (clk==1).nonzero()[:, 0]
      
      # keep the clicked rows only
      for fk in feats.keys():
        feats[fk] = feats[fk][clk_rows].to(dev)
      clk = clk[clk_rows]
      conv = conv[clk_rows]
      
      n_clk_rows = clk.size(0)
      
      z_draw = std_normal.sample(sample_shape=(n_clk_rows, z_dim))
      z_draw = z_draw.to(dev)
      
      # clear grads
      opt.zero_grad()
      
      # the three heads' losses
      outs = net(feats, clk, z_draw)
      p_ctr, p_cvr, p_ctcvr = outs['pctr'], outs['pcvr'], outs['pctcvr']
      l_ctr = bce(p_ctr, clk)
      l_ctcvr = bce(p_ctcvr, conv)
      
      l_cvr = bce_each(p_cvr, conv)
      ctr_floor = torch.clamp(p_ctr, min=0.05, max=1.0)
      l_cvr = l_cvr / ctr_floor
      l_cvr = torch.multiply(l_cvr, clk)
      l_cvr = l_cvr.mean()
      
      l_total = l_ctr + l_ctcvr + w_cvr * l_cvr
      
      # backward and step
      l_total.backward()
      opt.step()

      epoch_loss += l_total.item()

    epoch_loss /= n_steps

    msg = '\n'.join([
      f'ep {ep}:',
      f' loss={epoch_loss:.5f},',
    ])
    print(msg)
    
  return net

def fit_latent_vae(cfg, fit_loader, dev):
  z_dim = len(vocabulary_size) * cfg["latent_dim_multiplier"]
  step_size = cfg["lr"]
  decay = cfg["wd"]
  
  lat_net = VAE(latent_dim=z_dim).to(dev) # encodes features together with click and conversion
  opt = optim.Adam(lat_net.parameters(), lr=step_size, weight_decay=decay)
  n_epochs = 5

  n_steps = len(fit_loader)
  
  lat_net.train()
  for ep in range(n_epochs):
    l_total = 0
    sum_recon = 0
    sum_kl = 0
    
    for _, (clk, conv, feats) in enumerate(fit_loader):
      for fk in feats.keys():
        feats[fk] = feats[fk].to(dev)
      clk = torch.unsqueeze(clk.to(dev), 1).to(torch.float)
      conv = torch.unsqueeze(conv.to(dev), 1).to(torch.float)
      
      clk_rows = (clk==1).nonzero()[:, 0]
      
      # keep the clicked rows only
      for fk in feats.keys():
        feats[fk] = feats[fk][clk_rows].to(dev)
      clk = clk[clk_rows]
      conv = conv[clk_rows]
        
      opt.zero_grad()
      
      x_in, x_rec, z_mu, z_logvar = lat_net(feats, clk, conv)
      l_recon, l_kl = vae_loss(x_in, x_rec, z_mu, z_logvar)
      kl_weight = linear_annealing(ep, n_epochs, start_beta=0, end_beta=0.5)
      
      l_vae = l_recon + kl_weight * l_kl
      
      l_vae.backward()
      opt.step()
      
      l_total += l_vae.item()
      sum_recon += l_recon.item()
      sum_kl += l_kl

    sum_recon /= n_steps
    sum_kl /= n_steps

    msg = '\n'.join([
      f'ep {ep}',
      f' recon={sum_recon:.5f},',
      f' kl={sum_kl:.5f}'
      ])
    print(msg)
      
  return lat_net
  
def make_cf_labels(how, clk, conv, cf_cvr_pred):
  cf_y = torch.zeros_like(cf_cvr_pred)
  
  if how=='max':  
    fact_cvr = cf_cvr_pred[conv==1]
    if fact_cvr.numel()!=0:
      fact_cvr_max = fact_cvr.max()
      cf_hit_rows = (cf_cvr_pred>=fact_cvr_max).nonzero()[:, 0]  
      if cf_hit_rows.numel() != 0:
        for row_i in cf_hit_rows:
          cf_y[row_i] = 1.0
    
  elif how=='ratio':  
    n_clicks = clk.sum().item()
    if n_clicks != 0:
      scale = cf_cvr_pred.size(0) // n_clicks
      k = int(conv.sum().item() * scale)  
      
      if k != 0:
        _, top_rows = torch.topk(cf_cvr_pred.view(-1), k=k, dim=0)
        cf_y[top_rows] = 1.0
        
  else:
    raise Exception('unknown rule for turning cf scores into labels')

  return cf_y

def run_all(cfg, fit_loader, clk_loader, v_loader, t_loader, dev):
  emb_dim = cfg["embedding_size"]
  z_dim = len(vocabulary_size) * cfg["latent_dim_multiplier"]
  bs = cfg["batch_size"]
  step_size = cfg["lr"]
  decay = cfg["wd"]
  w_l2 = cfg["l2_reg"]
  
  backbone = cfg["backbone_model"]
  net_cfg = cfg["model_config"]
  
  w_cvr_f = cfg["cvr_f_loss_weight"]
  w_cvr_cf = cfg["cvr_cf_loss_weight"]
  
  model_list = cfg["train_models"]
  label_rule = cfg["labeling_method"]

  n_trials = cfg["num_trials"]
  n_epochs = cfg["num_epochs"]
  patience = cfg["valid_patience"]
  
  for t_idx in range(1, n_trials+1):
    print(f'######## run {t_idx} ########')
    
    for net in model_list:
      print(f'\n>> fitting {net}')
      
      if net=="our":
        fit_escim(
          cfg, 
          net,
          emb_dim, z_dim, bs, step_size, decay, w_l2,
          w_cvr_f, w_cvr_cf,
          backbone, net_cfg, dev,
          n_epochs, patience, label_rule,
          fit_loader, clk_loader, v_loader, t_loader
        )
        
      elif net in ["esmm", "escm2-ips", "escm2-dr", "dcmt", "multi-ips", "multi-dr"]:
        fit_reference(
          net, 
          emb_dim, step_size, decay, w_l2,
          backbone, net_cfg, dev,
          n_epochs, patience,
          fit_loader, v_loader, t_loader
        )
  
      else:
        raise Exception('unknown entry in model_list')
      

def fit_escim(
  cfg, net_name, 
  emb_dim, z_dim,  bs, step_size, decay, w_l2,
  w_cvr_f, w_cvr_cf,
  backbone, net_cfg, dev,
  n_epochs, patience, label_rule,
  fit_loader, clk_loader, v_loader, t_loader
):

  scm_net = fit_prior_scm(cfg, clk_loader, dev)
  lat_net = fit_latent_vae(cfg, clk_loader, dev)

  label_rule = cfg["labeling_method"]
  
  scm_net.eval()
  lat_net.eval()
  net = Esmm(
    feature_vocabulary=vocabulary_size,
    embedding_size=emb_dim,
    backbone_model=backbone,
    model_config=net_cfg
  ).to(dev)
    
  # objectives and optimiser
  bce = nn.BCELoss()
  bce_each = nn.BCELoss(reduction='none')
  opt = optim.Adam(net.parameters(), lr=step_size, weight_decay=decay)

  best_auc = 0.0
  waited = 0
  
  val_log, test_log = {}, {}
  best_ep = 1
  
  for ep in range(1, n_epochs+1):
    print(f'\n-- ep {ep} --')
    net.train()
    
    epoch_loss = 0.0

    for _, (clk, conv, feats) in enumerate(fit_loader):
      for fk in feats.keys():
        feats[fk] = feats[fk].to(dev)
      clk = torch.unsqueeze(clk.to(dev), 1).to(torch.float)
      conv = torch.unsqueeze(conv.to(dev), 1).to(torch.float)

      # clear grads
      opt.zero_grad()
      
      # clicked rows only
      clk_rows = (clk==1).nonzero()[:, 0]
      feats_clk = feats.copy()
      for fk in feats_clk.keys():
        feats_clk[fk] = feats_clk[fk][clk_rows].to(dev)
      clk_clk = clk[clk_rows]
      conv_clk = conv[clk_rows]
      
      # posterior mean and spread
      x_enc, _, _, _ = lat_net(feats_clk, clk_clk, conv_clk)
      enc_out = lat_net.encoder(x_enc)
      z_mu, z_logvar = enc_out[:, :z_dim], enc_out[:, z_dim:]
      z_std = torch.exp(0.5 * z_logvar)
      
      # averaged posterior to draw from
      posterior = Normal(z_mu.mean(dim=0), z_std.mean(dim=0))
      
      emb_rows = []
      for fname in scm_net.feature_names:
        e_vec = scm_net.embedding_dict[fname](feats[fname])
        emb_rows.append(e_vec)
      emb_rows = torch.cat(emb_rows, axis=1)  
      
      # intervene: pretend every row was clicked
      clk_do = torch.ones(size=(bs, 1)).to(dev)
      z_draw = posterior.sample(sample_shape=(bs, )).to(dev)
      
      # counterfactual cvr
      cf_cvr_pred = scm_net.cvr_model(emb_rows, clk_do, z_draw)
      cf_y_all = make_cf_labels(label_rule, clk, conv, cf_cvr_pred)
      cf_neg_rows = (cf_y_all==0).nonzero()[:, 0]
      cf_pos_rows = (cf_y_all==1).nonzero()[:, 0]
      
      # drop rows that were really clicked
      cf_neg_rows = cf_neg_rows[~torch.isin(cf_neg_rows, clk_rows)]
      cf_pos_rows = cf_pos_rows[~torch.isin(cf_pos_rows, clk_rows)]
          
      # build the counterfactual rows
      feats_cf = {fk: fv[cf_neg_rows] for fk, fv in feats.items()}
      clk_cf = torch.ones_like(cf_neg_rows).to(torch.float).reshape(-1, 1)
      conv_cf = torch.zeros_like(cf_neg_rows).to(torch.float).reshape(-1, 1)
      
      if cf_pos_rows.numel() != 0:
        for fk, fv in feats.items():
          feats_cf[fk] = torch.concat((feats_cf[fk], fv[cf_pos_rows]), axis=0)
        clk_cf = torch.concat((clk_cf, torch.ones_like(cf_pos_rows).to(torch.float).reshape(-1, 1)), axis=0)
        conv_cf = torch.concat((conv_cf, torch.ones_like(cf_pos_rows).to(torch.float).reshape(-1, 1)), axis=0)
        
      # factual part of the objective
      outs = net(feats)
      p_ctr, p_cvr, p_ctcvr = outs['pctr'], outs['pcvr'], outs['pctcvr']
      
      l_ctr = bce(p_ctr, clk)
      l_ctcvr = bce(p_ctcvr, conv)
      
      l_cvr_f = bce_each(p_cvr, conv)
      ctr_floor = torch.clamp(p_ctr, min=0.05, max=1.0)
      l_cvr_f = l_cvr_f / ctr_floor
      l_cvr_f = torch.multiply(l_cvr_f, clk)
      l_cvr_f = l_cvr_f.mean()
      
      # counterfactual part of the objective
      l_cvr_cf = 0
      if feats_cf is not None:  
        outs_cf = net(feats_cf)
        p_ctr_cf, p_cvr_cf, _ = outs_cf['pctr'], outs_cf['pcvr'], outs_cf['pctcvr']
          
        l_cvr_cf = bce_each(p_cvr_cf, conv_cf)
        ctr_floor_cf = torch.clamp(p_ctr_cf, min=0.05, max=1.0)
        l_cvr_cf = l_cvr_cf / ctr_floor_cf
        l_cvr_cf = torch.multiply(l_cvr_cf, clk_cf)
        l_cvr_cf = l_cvr_cf.mean()
      
      # weight penalty
      l_l2 = torch.tensor(0., requires_grad=True)
      for fname, w_t in net.named_parameters():
        if 'weight' in fname:
          l_l2 = l_l2 + torch.norm(w_t, p=2)
      
      l_total = l_ctr + l_ctcvr + w_cvr_f * l_cvr_f + w_cvr_cf * l_cvr_cf + w_l2 * l_l2
      
      l_total.backward()
      opt.step()

      epoch_loss += l_total.item()

    epoch_loss = epoch_loss / len(fit_loader)
    print(f'fit loss {epoch_loss:.6f}')
    
    # validation pass
    v_ctr, v_cvr, v_ctcvr = score_valid(net_name, net, dev, v_loader)
  
    val_log[ep] = {
      'CTR_AUC': v_ctr,
      'CVR_AUC': v_cvr,
      'CTCVR_AUC': v_ctcvr,
    }
    
    if v_ctcvr >= best_auc:
      best_auc = v_ctcvr
      
      waited = 0
      best_ep = ep
      
    else:
      if waited==patience-1:
        print("\n", "stopping early", "\n", sep="")
        break

      waited += 1
      print("\n", "epochs without gain:\t", waited, "\n", sep="")
    
    # test pass
    t_ctr, t_cvr, t_ctcvr = score_test(net, dev, t_loader)
    test_log[ep] = {
      'CTR_AUC': t_ctr,
      'CVR_AUC': t_cvr,
      'CTCVR_AUC': t_ctcvr,
    }
  
  print_best(val_log, test_log, best_ep)


def fit_reference(
  net_name,
  emb_dim, step_size, decay, w_l2,
  backbone, net_cfg, dev,
  n_epochs, patience,
  fit_loader, v_loader, t_loader
):
      
  if net_name in ["multi-ips", "esmm", "escm2-ips"]:
    net = Esmm(
      feature_vocabulary=vocabulary_size,
      embedding_size=emb_dim,
      backbone_model=backbone,
      model_config=net_cfg
    ).to(dev)
  
  elif net_name in ["multi-dr", "escm2-dr"]:
    net = Escm2(
      feature_vocabulary=vocabulary_size,
      embedding_size=emb_dim,
      backbone_model=backbone,
      model_config=net_cfg,
      regularizer='dr'
    ).to(dev)
  
  elif net_name=='dcmt':
    net = DCMT(
      column_type=column_type,
      feature_vocabulary=vocabulary_size,
      embedding_size=emb_dim,
      backbone_model=backbone,
      model_config=net_cfg
    ).to(dev)
  
  else:
    raise Exception('unknown baseline name')
      
  # objectives and optimiser
  opt = optim.Adam(net.parameters(), lr=step_size, weight_decay=decay)
  bce = nn.BCELoss()
  bce_each = nn.BCELoss(reduction='none')
  mse_each = torch.nn.MSELoss(reduction='none').to(dev)
  
  w_cvr = 0.1
  w_cf_reg = 0.001
  w_cvr_f = 1.0
  
  best_auc = 0.0
  waited = 0
  
  val_log, test_log = {}, {}
  best_ep = 1
    
  for ep in range(1, n_epochs+1):
    print(f'\n---- ep {ep}')
    net.train()
    
    epoch_loss = 0.0
    for step_i, (clk, conv, feats) in enumerate(v_loader):
      for fk in feats.keys():
        feats[fk] = feats[fk].to(dev)
      clk = torch.unsqueeze(clk.to(dev), 1).to(torch.float)
      conv = torch.unsqueeze(conv.to(dev), 1).to(torch.float)

      # clear grads
      opt.zero_grad()
            
      # the heads' losses
      outs = net(feats)
      
      if net_name in ["multi-ips", "esmm", "escm2-ips"]:
        p_ctr, p_cvr, p_ctcvr = outs['pctr'], outs['pcvr'], outs['pctcvr']
      elif net_name in ["multi-dr", "escm2-dr"]:
        p_ctr, p_cvr, p_ctcvr, p_imp = outs['pctr'], outs['pcvr'], outs['pctcvr'], outs['pimp']
      elif net_name=='dcmt':
        p_ctr, p_cvr_f, p_cvr_cf, p_ctcvr = outs['pctr'], outs['pcvr_f'], outs['pcvr_cf'], outs['pctcvr']
        
      l_ctr = bce(p_ctr, clk)
      l_ctcvr = bce(p_ctcvr, conv)
      
      # weight penalty
      l_l2 = torch.tensor(0., requires_grad=True)
      for fname, w_t in net.named_parameters():
        if 'weight' in fname:
          l_l2 = l_l2 + torch.norm(w_t, p=2)
      
      if net_name in ["multi-ips", "escm2-ips"]:
        l_cvr = bce_each(p_cvr, conv)
        ctr_floor = torch.clamp(p_ctr, min=0.05, max=1.0)
        l_cvr = l_cvr / ctr_floor
        l_cvr = torch.multiply(l_cvr, clk)
        l_cvr = l_cvr.mean()
      
        if net_name=="escm2-ips":
          l_total = l_ctr + l_ctcvr + w_l2 * l_l2 + w_cvr * l_cvr
        else:
          l_total = l_cvr
      
      elif net_name in ["multi-dr", "escm2-dr"]:
        sq_err = mse_each(p_cvr, p_imp)
        l_imp = torch.multiply(sq_err, clk)
        ctr_floor2 = torch.clamp(p_ctr, min=0.05, max=1.0)
        l_imp = l_imp / ctr_floor2
        l_imp = l_imp.mean()

        gap = (p_cvr - p_imp)
        l_err = torch.multiply(gap, clk)
        l_err = l_err / ctr_floor2 + p_imp
        l_err = l_err.mean()

        l_cvr = l_imp + l_err
        
        if net_name=="escm2-dr":
          l_total = l_ctr + l_ctcvr + w_l2 * l_l2 + w_cvr * l_cvr
        else:
          l_total = l_cvr
      
      elif net_name=='dcmt':
        # factual term
        l_cvr_f = bce_each(p_cvr_f, conv)
        ctr_floor = torch.clamp(p_ctr, min=0.05, max=1.0)
        l_cvr_f = l_cvr_f / ctr_floor
        l_cvr_f = torch.multiply(l_cvr_f, clk)
        l_cvr_f = l_cvr_f.mean()
        
        # counterfactual term
        conv_cf = torch.ones_like(p_cvr_cf).to(torch.float).reshape(-1, 1)
        l_cvr_cf = bce_each(p_cvr_cf, conv_cf)
        ctr_floor = torch.clamp(1-p_ctr, min=0.05, max=1.0)
        l_cvr_cf = l_cvr_cf / ctr_floor
        l_cvr_cf = torch.multiply(l_cvr_cf, 1-clk)
        l_cvr_cf = l_cvr_cf.mean()
        
        # consistency between the two cvr heads
        l_cf_reg = (torch.abs(1 - (p_cvr_f + p_cvr_cf))).mean()
        
        l_cvr = l_cvr_f + l_cvr_cf + w_cf_reg * l_cf_reg
        
        l_total = l_ctr + l_ctcvr + w_l2 * l_l2 + w_cvr_f * l_cvr
      
      l_total.backward()
      opt.step()

      epoch_loss += l_total.item()

    epoch_loss = epoch_loss / len(fit_loader)
    print(f'\nfit loss {epoch_loss:.6f}')
    
    # validation pass
    v_ctr, v_cvr, v_ctcvr = score_valid(net_name, net, dev, v_loader)
  
    val_log[ep] = {
      'CTR_AUC': v_ctr,
      'CVR_AUC': v_cvr,
      'CTCVR_AUC': v_ctcvr,
    }
    
    if v_ctcvr >= best_auc:
      best_auc = v_ctcvr
      
      waited = 0
      best_ep = ep
      
    else:
      if waited == patience - 1:
        print("\n", "stopping early", "\n", sep="")
        break

      waited += 1
      print("\n", "epochs without gain:\t", waited, "\n", sep="")
    
    # test pass
    t_ctr, t_cvr, t_ctcvr = score_test(net, dev, t_loader)
    test_log[ep] = {
      'CTR_AUC': t_ctr,
      'CVR_AUC': t_cvr,
      'CTCVR_AUC': t_ctcvr,
    }
  
  print_best(val_log, test_log, best_ep)


def score_valid(net_name, net, dev, v_loader):
  m_ctr = BinaryAUROC().to('cpu')
  m_cvr = BinaryAUROC().to('cpu')
  m_ctcvr = BinaryAUROC().to('cpu')
  
  net.eval()
  for step_i, (clk, conv, feats) in enumerate(v_loader):
    for fk in feats.keys():
      feats[fk] = feats[fk].to(dev)
    clk = torch.unsqueeze(clk.to(dev), 1).to(torch.float)
    conv = torch.unsqueeze(conv.to(dev), 1).to(torch.float)
    
    clk_rows = (clk==1).to(torch.float32).nonzero()[:, 0]
    
    outs = net(feats)
    
    p_ctr, p_ctcvr = outs['pctr'], outs['pctcvr']
    if net_name=='dcmt':
      p_cvr = outs['pcvr_f']
    else:
      p_cvr = outs['pcvr']
      
    p_cvr_clk = p_cvr[clk_rows]
    conv_clk = conv[clk_rows]
    
    m_ctr.update(p_ctr.squeeze().detach().cpu(), clk.squeeze().detach().cpu())
    if p_cvr_clk.numel()!=1:
      m_cvr.update(p_cvr_clk.squeeze().detach().cpu(), conv_clk.squeeze().detach().cpu())
    m_ctcvr.update(p_ctcvr.squeeze().detach().cpu(), conv.squeeze().detach().cpu())
    
    del feats, clk, conv, outs, p_ctr, p_cvr, p_ctcvr

    if step_i % 100==0:
      gc.collect()
      torch.cuda.empty_cache()

  v_ctr = m_ctr.compute().to("cpu").item()
  v_cvr = m_cvr.compute().to("cpu").item()
  v_ctcvr = m_ctcvr.compute().to("cpu").item()

  msg = '\n'.join([
    f'val ctr auc {v_ctr:.5f},',
    f'val cvr auc {v_cvr:.5f},',
    f'val ctcvr auc {v_ctcvr:.5f}'
  ])
  print(msg)
  
  return v_ctr, v_cvr, v_ctcvr

def print_best(val_log, test_log, best_ep):
  best_val, best_test = val_log[best_ep], test_log[best_ep]
  v_ctr, v_cvr, v_ctcvr = best_val['CTR_AUC'], best_val['CVR_AUC'], best_val['CTCVR_AUC']
  t_ctr, t_cvr, t_ctcvr = best_test['CTR_AUC'], best_test['CVR_AUC'], best_test['CTCVR_AUC']
  
  msg = '\n'.join([
    '\n#### best epoch summary ####',
    f'val ctr auc {v_ctr:.6f},',
    f'val cvr auc {v_cvr:.6f},',
    f'val ctcvr auc {v_ctcvr:.6f}',
    f'test ctr auc {t_ctr:.6f},',
    f'test cvr auc {t_cvr:.6f},',
    f'test ctcvr auc {t_ctcvr:.6f}',
  ])

  print(msg)
  