import torch
import data_preprocessing as prep
import tools as tool
from Graph_Network_LGM import VGAEencoder

#torch.manual_seed(12346)
## GPU switch
use_gpu = False

## collected scores
scores_train = []
scores_valid = []
scores_test = []
loss_history = []


for _ in range(10):
    ## pick the device
    device = torch.device('cuda:0' if (use_gpu & torch.cuda.is_available()) else 'cpu')

    n_nodes,x,pos_e,neg_e,adj,tr_adj,tr_pos,tr_neg,te_pos,te_neg,va_pos,va_neg,tr_lap,y = prep.preprocess(dataset_name='Texas',\
        neg_rat=1,train_rat=0.85,test_rat=0.1)
    print("edge density of the chosen graph: ")
    print(pos_e.shape[1]/(n_nodes**2-n_nodes))

    net = VGAEencoder(x.shape[1],128)       ##-------------------plain baseline

    ## move everything over
    net = net.to(device)
    x,pos_e,neg_e,adj,tr_adj,tr_pos,tr_neg,te_pos,te_neg,va_pos,va_neg,tr_lap,y = x.to(device),\
        pos_e.to(device),neg_e.to(device),adj.to(device),tr_adj.to(device),tr_pos.to(device),tr_neg.to(device),te_pos.to(device),\
            te_neg.to(device),va_pos.to(device),va_neg.to(device),tr_lap.to(device),y.to(device)

    print('training begins')
    
    ## optimiser
    opt = torch.optim.Adam(net.parameters(), lr=0.005)

    ## learning-rate schedule (unused)
    ## warm up linearly, then decay exponentially
    #lr_lambda = lambda epoch: (epoch+1)/50 if epoch<=49 else 2-(1+1e-5)**(epoch-50)

    ## scheduler (unused)
    #sched = torch.optim.lr_scheduler.LambdaLR(optimizer=opt,last_epoch=-1,lr_lambda=lr_lambda,verbose=True)

## with range(0) nothing is trained.
## every epoch draws fresh negatives so the model sees more of them.
    for epoch in range(100):
        opt.zero_grad()
        if epoch%1==0:
            with torch.no_grad():
                net.eval()
                _,_,emb = net(x,tr_pos)
                print("train score: " , 100 * tool.test_inp(z=emb,pos_edge_index=tr_pos)[0])
                print("valid score: " , 100 * tool.test_inp(z=emb,pos_edge_index=va_pos)[0])
                print("test score: " , 100 * tool.test_inp(z=emb,pos_edge_index=te_pos)[0])
                print("epoch: " , epoch)
        #if epoch%20==0:    
        #    halt = input("halt? type 1 to stop")
        #    if halt==str(1):
        #        break
        
        net.train()
        
        mu , logstd , emb = net(x,tr_pos)
        emb = emb.to(device)

        ## reconstruction term
        rec = tool.recon_inploss(emb, pos_edge_index=tr_pos)
        ## KL term
        kl = -0.5 * torch.mean(torch.sum(1 + 2 * logstd - mu**2 - logstd.exp()**2, dim=1))
        ## smoothness (propagation) term
        smooth = tool.propagation_loss(z=emb, train_idx=tr_pos, train_adj=tr_adj.float(), feat=x, k=5)

        print("rec,kl,smooth:")
        print(rec,kl,smooth)

        ## the 1/n_nodes weight keeps the posterior from collapsing
        loss = rec + (1/n_nodes) * kl + 20 * smooth ##variational case
        #loss = rec       ##non-variational case
        loss_history.append(loss)

        #if (epoch%1)==0:
        #    print("loss now: " , loss)
        #    print("reconstruction: " , rec)
        #    print("KL: " , kl)
        #    halt = input("halt?")
        #    if halt == str(1):
        #        break

        loss.backward()

        ##fixed learning rate
        opt.step()

        ##scheduled learning rate
        #sched.step()


## eval() matters here because of dropout in the module
    print('testing begins')
    
## the edge splits only stay fixed for testing.
    with torch.no_grad():
        net.eval()
        _,_,emb = net(x,tr_pos)
        #emb = net(x,tr_pos)   ## GraphConv variant
        #emb = net.encode(x,tr_pos)     ## PyG model variant
        r = tool.test_inp(z=emb,pos_edge_index=tr_pos,neg_edge_index=tr_neg)
        scores_train.append(round(r[0]*100,3))
        print("train score (final): " , scores_train[-1])
        if va_pos!=None:
            r = tool.test_inp(z=emb,pos_edge_index=va_pos,neg_edge_index=va_neg)
            scores_valid.append(round(r[0]*100,3))
            print("valid score (final): " , scores_valid[-1])
        r = tool.test_inp(z=emb,pos_edge_index=te_pos,neg_edge_index=te_neg)
        scores_test.append(round(r[0]*100,3))
        print("test score (final): " , scores_test[-1])

scores_train = torch.tensor(scores_train)
print("train ROC-AUC over runs: ", (scores_train.mean() , scores_train.var()))

if va_pos!=None:
    scores_valid = torch.tensor(scores_valid)
    print("valid ROC-AUC over runs: ", (scores_valid.mean() , scores_valid.var()))

scores_test = torch.tensor(scores_test)
print("test ROC-AUC over runs: ", (scores_test.mean() , scores_test.var()))
