module capstan.interop/gopeer

go 1.22

replace zenhack.net/go/util => github.com/zenhack/go-util v0.0.0-20231005031245-66f5419c2aea

require capnproto.org/go/capnp/v3 v3.0.0-alpha.30

require (
	golang.org/x/sync v0.0.0-20201020160332-67f06af15bc9 // indirect
	zenhack.net/go/util v0.0.0-20230414204917-531d38494cf5 // indirect
)
