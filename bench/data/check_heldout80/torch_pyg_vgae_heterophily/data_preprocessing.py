import torch
import torch_geometric.utils as util
import torch_geometric.datasets as datasets
import tools
import torch.nn.functional as F

def preprocess(dataset_name:str='crocodile',normalization='sym',url:str='.\\',rm_selfloop=True,
                    train_rat:float=0.85,test_rat:float=0.1,neg_rat:int=1):
    #
    '''
    Prepare an **UNDIRECTED** graph for link prediction; returns features, edges and adjacency.
    dataset_name:str,'Cora'|'CiteSeer'|'PubMed'|'Photo'|'chameleon'|'crocodile'|'squirrel'|'Cornell'|'Texas'|'Wisconsin'|'EN'|'DE'|'johnshopkins55'|'amherst41'
        every graph is taken from torch_geometric.datasets (Planetoid, Amazon, WikipediaNetwork,
        WebKB, LINKX and Twitch collections)
        following the benchmark papers that introduced them
    1.Arguments:
    normalization:str,'sym'|'rw'|type(None),how the Laplacian is normalised;
    url:str,default '.\',root folder for the downloads;
    rm_selfloop:bool,drop self loops (default True, since links are predicted);
    train_rat:float,share of edges for training,default 0.85;
    test_rat:float,share of edges for testing,default 0.1;
    neg_rat:int,negatives per positive edge,default 1;
    2.Returns:
    n:int,node count;
    feats:tensor,node features;
    pos:tensor,edges of the undirected graph;
    adj:tensor,adjacency of the undirected graph;
    train_adj:tensor,adjacency of the training graph;
    train_pos:tensor,training edges;
    test_pos:tensor,test edges;
    valid_pos:tensor,validation edges,None when train+test=1;
    train_neg:tensor,training negatives;
    test_neg:tensor,test negatives;
    valid_neg:tensor,validation negatives,None when train+test=1;
    train_lap:tensor,normalised Laplacian of the training graph; 
    '''
    ## fetch the data set into a Data object and read it out.
    if (dataset_name=='Cora')|(dataset_name=='CiteSeer')|(dataset_name=='PubMed'):
        ds = datasets.Planetoid(root=url,name=dataset_name)
    elif (dataset_name=='Photo'):
        ds = datasets.Amazon(root=url,name=dataset_name)
    elif dataset_name=='crocodile':
        ds = datasets.WikipediaNetwork(root=url,name=dataset_name,geom_gcn_preprocess=False)
    elif (dataset_name=='chameleon')|(dataset_name=='squirrel'):
        ds = datasets.WikipediaNetwork(root=url,name=dataset_name)
    elif (dataset_name=='Cornell')|(dataset_name=='Texas')|(dataset_name=='Wisconsin'):
        ds = datasets.WebKB(root=url,name=dataset_name)
    elif (dataset_name=='amherst41')|(dataset_name=='johnshopkins55'):
        ds = datasets.LINKXDataset(root=url,name=dataset_name)
    elif (dataset_name=='DE')|(dataset_name=='EN'):
        ds = datasets.Twitch(root=url,name=dataset_name)
    
    ## read the tensors out.
    feats = ds.data['x']   ## features, one row per node.
    feats = F.normalize(feats, p=2, dim=1)    ## unit-length rows.

    labels = ds.data['y']

    n = feats.shape[0]

    if ds.data.is_undirected():
        ## already undirected:
        pos = ds.data['edge_index']
    else:
        ## directed, so symmetrise:
        pos = ds.data['edge_index']
        pos = util.to_undirected(edge_index=pos)

    if rm_selfloop:
        pos = util.remove_self_loops(pos)[0]  ## drop self loops

    ## split into train/test (and validation) edges, all undirected.
    train_pos,train_neg,test_pos,test_neg,valid_pos,valid_neg,neg = tools.train_test_valid_set(num_nodes=n,edge_index=pos,train_rat=train_rat,test_rat=test_rat,neg_rat=neg_rat)

    ## adjacency of the full graph and of the training graph
    adj = torch.sparse_coo_tensor(indices=pos,values=torch.ones_like(pos[0,:]),size=(n,n))
    adj = adj.to_dense()
    train_adj = torch.sparse_coo_tensor(indices=train_pos,values=torch.ones_like(train_pos[0,:]),size=(n,n))
    train_adj = train_adj.to_dense()

    ##graph Laplacian
    ##normalised so the eigenvalues lie in [0, 2]
    train_lap = util.get_laplacian(edge_index=train_pos,normalization=normalization,num_nodes=n)
    train_lap = torch.sparse_coo_tensor(indices=train_lap[0],values=train_lap[1],size=(n,n))  ##sparse matrix from the index pairs.
    train_lap = train_lap.to_dense()  ##then fill in the zeros.
    
    ## every return is a long tensor; call .float() on it before torch.matmul 
    ##      or other floating-point torch functions
    return n,feats,pos,neg,adj,train_adj,train_pos,train_neg,test_pos,test_neg,valid_pos,valid_neg,train_lap,labels
